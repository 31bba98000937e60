import { expect, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

const LINK_TEXT = {
  en: 'How to check the signature (Standard Webhooks)',
  'zh-CN': '如何校验签名（Standard Webhooks 标准）',
} as const;

/** Webhooks: "how to check the signature" is a link that leads somewhere (issue 33). */
for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`the signature help is a working link (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
    }) => {
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await page.goto(`${server.url}/#/settings`);
      const section = page.getByTestId('webhooks-section');
      const link = section.getByRole('link', { name: LINK_TEXT[lang] });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute(
        'href',
        /^https:\/\/github\.com\/standard-webhooks\/standard-webhooks\/blob\/main\/spec\/standard-webhooks\.md#verifying-webhook-authenticity$/,
      );
      // A new tab (the desktop hands it to the system browser), never this page's opener.
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(section).not.toContainText(/See the API docs|见 API 文档/);
    });
  }
}
