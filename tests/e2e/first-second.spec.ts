import { sendMail } from '../helpers/smtp-client.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * The first second of Mail (issue 33, "No dead ends"): while the first address is made the
 * screen shows it being made, never "No mailboxes yet", and its row is already where the address
 * lands; the empty reading pane then says what to do.
 */
const TEXT = {
  en: {
    never: ['No mailboxes yet', 'Pick or make a mailbox'],
    making: 'Making your first address…',
    sendTo: (address: string) => `Send mail to ${address} — it shows up here within a second.`,
  },
  'zh-CN': {
    never: ['还没有邮箱', '选择或新建一个邮箱'],
    making: '正在生成你的第一个地址…',
    sendTo: (address: string) => `把邮件发到 ${address}，一秒内就会出现在这里。`,
  },
};

for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`the first address: no empty flash, no jump, then what to do (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      const text = TEXT[lang];
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await page.addInitScript(() => {
        // Every empty-state title the page ever shows, from its first paint on.
        const seen: string[] = [];
        (window as unknown as { seenTitles: string[] }).seenTitles = seen;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('.empty-title')) {
            const title = el.textContent ?? '';
            if (!seen.includes(title)) seen.push(title);
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      // The address is held back until the test has looked at the screen while it is made.
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/generate*', async (route) => {
        await held;
        await route.continue();
      });

      await page.goto(`${server.url}/#/mail`);
      // Where the inbox will be, it is being made; beside it (not on a phone, where the inbox is
      // the screen) its row in the list.
      await expect(page.getByTestId('first-address-making')).toHaveText(text.making);
      const placeholder = page.getByTestId('mailbox-placeholder');
      if (size.width > 760) await expect(placeholder).toHaveText(text.making);
      else await expect(placeholder).toBeHidden();
      const pane = page.locator('.inbox-pane');
      const paneBefore = await pane.boundingBox();
      const before = size.width > 760 ? await placeholder.boundingBox() : null;
      expect(await audit(page, `making the first address ${size.width} ${lang}`)).toEqual([]);
      await shot(`first-second-making-${size.width}-${lang}`);

      release();
      const address = page.getByTestId('inbox-address');
      await expect(address).toHaveText(/@ephemera\.localhost$/);
      const email = (await address.textContent()) ?? '';
      // The inbox opens where it was being made, and the address takes its row's place and size.
      const paneAfter = await pane.boundingBox();
      expect(Math.abs((paneAfter?.y ?? 0) - (paneBefore?.y ?? -99))).toBeLessThanOrEqual(1);
      if (before) {
        const row = page.getByTestId('mailbox').filter({ hasText: email });
        const after = await row.boundingBox();
        expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(1);
        expect(Math.abs((after?.height ?? 0) - (before?.height ?? 0))).toBeLessThanOrEqual(1);
      }
      const seen = await page.evaluate(
        () => (window as unknown as { seenTitles: string[] }).seenTitles,
      );
      for (const never of text.never) expect(seen).not.toContain(never);

      // The empty inbox says what to do: in the reading pane beside the list, or in the list
      // where the two take turns.
      const hint =
        size.width > 1100
          ? page.getByTestId('reading-pane-empty')
          : page.getByTestId('inbox').locator('.empty');
      await expect(hint).toContainText(text.sendTo(email));
      await expect(page.getByText(text.sendTo(email))).toHaveCount(1);
      expect(await audit(page, `empty inbox ${size.width} ${lang}`)).toEqual([]);
      await shot(`first-second-empty-${size.width}-${lang}`);

      await sendMail(server.smtpPort, { to: email, subject: 'Welcome', text: 'Hello there.' });
      await expect(page.getByTestId('mail-row')).toHaveCount(1);
      await expect(page.getByText(text.sendTo(email))).toHaveCount(0);
    });
  }
}
