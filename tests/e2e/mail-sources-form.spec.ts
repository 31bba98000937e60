import path from 'node:path';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import { audit } from './support/axe-audit.ts';
import { expect, SCREENSHOT_DIR, test } from './support/fixtures.ts';
import { rememberKeyAndLang, THREE_SIZES } from './support/screen-seed.ts';

/**
 * Settings → Receive mail (issue 33, "No dead ends"): a new source is tested before it is
 * added, a failure is shown as an error, and the user name looks like the provider's.
 */
const TEXT = {
  en: {
    add: 'Test and add',
    anyway: 'Add anyway',
    provider: 'Provider',
    server: 'Server',
    port: 'Port',
    security: 'Security',
    user: 'User name',
    password: 'Password',
    notAdded: 'Not added: the connection test failed — connection refused.',
    added: /^Added\. Connected: \d+ messages in the mailbox\.$/,
    oauth: 'sign in with your Microsoft account',
    remove: 'Remove',
  },
  'zh-CN': {
    add: '测试并添加',
    anyway: '仍然添加',
    provider: '服务商',
    server: '服务器',
    port: '端口',
    security: '加密',
    user: '用户名',
    password: '密码',
    notAdded: '未添加：连接测试失败——连接被拒绝。',
    added: /^已添加。已连接：邮箱中有 \d+ 封邮件。$/,
    oauth: '使用微软账户登录',
    remove: '移除',
  },
};

let dovecot: Dovecot | null = null;
test.beforeAll(async () => {
  if (hasDovecot) dovecot = await Dovecot.start();
});
test.afterAll(async () => {
  await dovecot?.close();
});

for (const lang of ['en', 'zh-CN'] as const) {
  for (const size of THREE_SIZES) {
    test(`a mail source is tested before it is added; errors look like errors (${size.width}×${size.height}, ${lang})`, async ({
      page,
      server,
    }) => {
      const text = TEXT[lang];
      await page.setViewportSize(size);
      await rememberKeyAndLang(page, server, lang);
      await page.goto(`${server.url}/#/settings`);
      const section = page.getByTestId('receive-mail-section');
      const provider = section.getByLabel(text.provider);
      const user = section.getByLabel(text.user);
      const add = section.getByRole('button', { name: text.add, exact: true });
      const rows = section.getByTestId('source-row');
      await expect(rows).toHaveCount(0);

      // The user name as the provider spells it.
      await expect(user).toHaveAttribute('placeholder', 'you@gmail.com');
      await provider.selectOption('qq');
      await expect(user).toHaveAttribute('placeholder', '12345@qq.com');
      await expect(section.getByLabel(text.server)).toHaveValue('imap.qq.com');

      // Outlook signs in with the Microsoft account (OAuth), never a password.
      await provider.selectOption('outlook');
      await expect(user).toHaveAttribute('placeholder', 'you@outlook.com');
      await expect(section.getByTestId('source-password-hint')).toContainText(text.oauth);
      await expect(section.getByLabel(text.password, { exact: true })).toHaveCount(0);

      // A server that does not answer: tested, refused, shown as an error, nothing added.
      await provider.selectOption('custom');
      await section.getByLabel(text.server).fill('127.0.0.1');
      await section.getByLabel(text.port).fill('9');
      await section.getByLabel(text.password, { exact: true }).fill('an-app-password');
      await section.getByLabel(text.security).selectOption('none');
      await user.fill('me@example.org');
      await add.click();
      const refused = section.getByTestId('source-refused');
      await expect(refused).toContainText(text.notAdded);
      await expect(refused).toHaveAttribute('role', 'alert');
      await expect(refused).toHaveClass(/field-error/);
      await expect(rows).toHaveCount(0);
      await expect(user).toHaveValue('me@example.org');
      expect(await audit(page, `source refused ${size.width} ${lang}`)).toEqual([]);
      // The section itself: a full-page shot of a phone shows only the top of Settings.
      await section.screenshot({
        path: path.join(SCREENSHOT_DIR, `source-refused-${size.width}-${lang}.png`),
      });

      // Added anyway: the row says it is not receiving, in the error style.
      await section.getByRole('button', { name: text.anyway }).click();
      await expect(rows).toHaveCount(1);
      await expect(rows.getByTestId('source-status')).toHaveClass(/is-error/, {
        timeout: 15_000,
      });
      await rows.getByRole('button', { name: text.remove }).click();
      await expect(rows).toHaveCount(0);

      // A server that answers: tested and added in one step.
      test.skip(!dovecot, 'Debian dovecot-imapd is not installed');
      if (!dovecot) return;
      await section.getByLabel(text.port).fill(String(dovecot.port));
      await user.fill(dovecot.user);
      await section.getByLabel(text.password, { exact: true }).fill(dovecot.password);
      await add.click();
      await expect(section.getByTestId('source-passed')).toHaveText(text.added);
      await expect(rows).toHaveCount(1);
      await expect(section.getByTestId('source-refused')).toHaveCount(0);
      await rows.getByRole('button', { name: text.remove }).click();
      await expect(rows).toHaveCount(0);
    });
  }
}
