import type { Page } from '@playwright/test';
import { sendMail } from '../helpers/smtp-client.ts';
import { audit } from './support/axe-audit.ts';
import { expect, test, type E2eServer } from './support/fixtures.ts';
import { makeMailboxes, startCanary } from './support/mail-seed.ts';
import { rememberDevice } from './support/screen-seed.ts';

/**
 * Issue 33 §2: on a phone the mail is the content. The frame is as wide as the screen and as
 * high as the mail (no scroll area of its own), a 560-px mail is scaled to fit instead of
 * scrolling sideways, the page is the one scroll and the code stays in reach at the top. On the
 * desktop a newsletter with a long subject and the images notice keeps ≥ 450 px of frame.
 */

const LANGS = ['en', 'zh-CN'] as const;
const WORDS = {
  en: { copyAddress: 'Copy address', more: 'More', inbox: 'Inbox' },
  'zh-CN': { copyAddress: '复制地址', more: '更多', inbox: '收件箱' },
} as const;

/**
 * A sign-up mail as senders lay them out: a 560-px column (a fixed-width block, which the
 * frame's `table { max-width: 100% }` does not narrow), a code, a link, a remote logo.
 */
const SIGNUP = `<html><body style="margin:0;background:#f4f4f7">
<div style="width:560px;margin:0 auto;background:#fff">
<table width="100%" cellpadding="24"><tr><td>
<img src="https://images.acme.example/logo.png" width="120" height="40" alt="Acme">
<h1 style="font-size:24px">Confirm your Acme account</h1>
<p>Your verification code is <b style="font-size:28px;letter-spacing:4px">482913</b>.</p>
<p><a href="https://acme.example/verify?token=a1b2c3">Confirm my address</a></p>
${'<p>Acme keeps your projects, your invoices and your team in one place. This paragraph is as wide as the table, as senders write them.</p>'.repeat(14)}
<p id="mail-end">Acme Inc. · 1 Market Street · You got this mail because you signed up.</p>
</td></tr></table></div></body></html>`;

const NEWSLETTER = `<html><body style="margin:0"><table width="600" style="width:600px"><tr><td>
<img src="https://images.news.example/header.png" width="600" height="120" alt="Autumn">
<h1>Autumn newsletter</h1>${'<p>A paragraph of the newsletter that fills the width.</p>'.repeat(20)}
</td></tr></table></body></html>`;

async function seed(page: Page, server: E2eServer, lang: string): Promise<void> {
  const [lease] = await makeMailboxes(server, 1);
  if (!lease) throw new Error('no mailbox');
  await sendMail(server.smtpPort, {
    to: lease.email,
    from: '"Acme News" <news@acme.example>',
    subject: 'Message #299: your complete autumn newsletter with every story of the season',
    html: NEWSLETTER,
  });
  await sendMail(server.smtpPort, {
    to: lease.email,
    from: '"Acme" <hello@acme.example>',
    subject: 'Confirm your Acme account',
    html: SIGNUP,
    text: 'Your verification code is 482913. Confirm: https://acme.example/verify?token=a1b2c3',
  });
  await rememberDevice(
    page,
    server,
    { tasks: [], mailboxes: [lease], email: lease.email },
    {
      theme: 'light',
      lang,
    },
  );
  await page.goto(`${server.url}/#/mail`);
  await page.getByTestId('mailbox').first().click();
  await expect(page.getByTestId('mail-row')).toHaveCount(2);
}

async function openMail(page: Page, subject: string): Promise<void> {
  await page.getByTestId('mail-row').filter({ hasText: subject }).locator('.mail-row-open').click();
  await expect(page.getByTestId('mail-frame')).toBeVisible();
}

/** The frame's document as the frame shows it, read through Playwright (any sandbox). */
function insideFrame(page: Page) {
  return page
    .frameLocator('[data-testid="mail-frame"]')
    .locator('html')
    .evaluate((root) => {
      const end = root.ownerDocument.getElementById('mail-end');
      return {
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        scrollHeight: root.scrollHeight,
        clientHeight: root.clientHeight,
        endBottom: end ? end.getBoundingClientRect().bottom : null,
      };
    });
}

test.describe('the phone reading screen (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const lang of LANGS) {
    test(`the mail is the content: one scroll, fitted to the width, code in reach (${lang})`, async ({
      page,
      server,
      shot,
    }) => {
      const words = WORDS[lang];
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await seed(page, server, lang);
      // The inbox: "Copy address" in words; the rarer actions behind "More".
      await expect(page.getByTestId('copy-address')).toHaveText(words.copyAddress);
      await expect(page.getByTestId('mark-all-read')).toBeHidden();
      await page.getByTestId('inbox-more').click();
      await expect(page.getByTestId('inbox-more')).toHaveText(words.more);
      await expect(page.getByTestId('inbox-more')).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('empty-mailbox')).toBeVisible();
      expect(await audit(page, `phone inbox ${lang}`)).toEqual([]);
      await shot(`mail-phone-inbox-${lang.toLowerCase()}`);

      await openMail(page, 'Confirm your Acme account');
      await expect(
        page.frameLocator('[data-testid="mail-frame"]').getByText('Confirm your Acme account'),
      ).toBeVisible();
      const frame = page.getByTestId('mail-frame');
      // Fitted: the frame's height follows the mail (it starts at about a screen).
      await expect
        .poll(
          async () =>
            (await insideFrame(page)).scrollHeight - (await insideFrame(page)).clientHeight,
        )
        .toBeLessThanOrEqual(1);
      const box = await frame.boundingBox();
      if (!box) throw new Error('no frame');
      const inside = await insideFrame(page);
      console.log(`phone frame (${lang}): ${box.width}×${box.height}px`, JSON.stringify(inside));
      expect(box.width).toBeGreaterThanOrEqual(358);
      // The 560-px mail is scaled into the frame: nothing to scroll sideways.
      expect(inside.scrollWidth).toBeLessThanOrEqual(inside.clientWidth);
      // As high as the mail: no scroll of its own, and its last line ends near its bottom.
      expect(inside.scrollHeight).toBeLessThanOrEqual(inside.clientHeight + 1);
      expect(inside.endBottom).not.toBeNull();
      expect(inside.clientHeight - (inside.endBottom ?? 0)).toBeGreaterThanOrEqual(0);
      expect(inside.clientHeight - (inside.endBottom ?? 0)).toBeLessThan(60);
      // Taller than the screen, so the page (not a box inside it) scrolls, never sideways.
      const doc = await page.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        innerHeight: window.innerHeight,
        overflowX: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(doc.scrollHeight).toBeGreaterThan(doc.innerHeight);
      expect(doc.overflowX).toBeLessThanOrEqual(0);
      // The remote-images notice is one line.
      const notice = await page.locator('.remote-bar.is-remote-images').boundingBox();
      expect(notice?.height ?? 99).toBeLessThanOrEqual(44);
      // The code is in the slim bar at the top, readable at once.
      const chip = page.getByTestId('mail-view').getByTestId('code-chip');
      await expect(chip).toContainText('482913');
      await expect(chip).toBeInViewport();
      await expect(page.getByRole('button', { name: words.inbox })).toHaveCount(1);
      expect(await audit(page, `phone reading ${lang}`)).toEqual([]);
      await shot(`mail-phone-reading-${lang.toLowerCase()}`);

      // Scrolled to the end: the page moved, the header went away, the code bar stayed.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await expect(page.locator('#mail-subject')).not.toBeInViewport();
      await expect(chip).toBeInViewport();
      await expect(
        page.frameLocator('[data-testid="mail-frame"]').locator('#mail-end'),
      ).toBeInViewport();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `test-results/screenshots/mail-phone-reading-${lang.toLowerCase()}-end.png`,
      });
    });
  }
});

test.describe('the phone frame after "Show remote images" (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('grows to the images once they load, still fitted and with no scroll of its own', async ({
    page,
    server,
  }) => {
    const canary = await startCanary();
    try {
      const [lease] = await makeMailboxes(server, 1);
      if (!lease) throw new Error('no mailbox');
      // A square picture as wide as the 560-px column: about 360 px high once fitted.
      await sendMail(server.smtpPort, {
        to: lease.email,
        subject: 'Picture mail',
        html: `<html><body style="margin:0"><div style="width:560px"><p>Before the picture.</p>
<img src="${canary.url}/hero.gif" style="display:block;width:100%" alt="">
<p id="mail-end">After the picture.</p></div></body></html>`,
      });
      await rememberDevice(
        page,
        server,
        { tasks: [], mailboxes: [lease], email: lease.email },
        { theme: 'light', lang: 'en' },
      );
      await page.goto(`${server.url}/#/mail`);
      await page.getByTestId('mailbox').first().click();
      await openMail(page, 'Picture mail');
      await expect.poll(async () => (await insideFrame(page)).scrollWidth).toBe(360);
      const before = (await page.getByTestId('mail-frame').boundingBox())?.height ?? 0;
      expect(canary.hits).toEqual([]);

      await page.getByTestId('load-remote').click();
      await expect.poll(() => canary.hits).toContain('/hero.gif');
      await expect
        .poll(async () => (await page.getByTestId('mail-frame').boundingBox())?.height ?? 0)
        .toBeGreaterThan(before + 300);
      const inside = await insideFrame(page);
      expect(inside.scrollWidth).toBeLessThanOrEqual(inside.clientWidth);
      expect(inside.scrollHeight).toBeLessThanOrEqual(inside.clientHeight + 1);
      expect(inside.clientHeight - (inside.endBottom ?? 0)).toBeLessThan(40);
    } finally {
      await canary.close();
    }
  });
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const) {
  test.describe(`the desktop reading pane at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const lang of LANGS) {
      test(`a newsletter with a long subject and the images notice keeps the height (${lang})`, async ({
        page,
        server,
        shot,
      }) => {
        await seed(page, server, lang);
        await openMail(page, 'autumn newsletter');
        await expect(page.getByTestId('load-remote')).toBeVisible();
        const frame = page.getByTestId('mail-frame');
        // Nothing reaches into the frame here: it stays an opaque origin, as before.
        await expect(frame).toHaveAttribute(
          'sandbox',
          'allow-popups allow-popups-to-escape-sandbox',
        );
        const box = await frame.boundingBox();
        console.log(
          `desktop frame ${size.width}×${size.height} (${lang}): ${box?.width}×${box?.height}px`,
        );
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(600);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(450);
        // The desktop page is still window-high: the frame scrolls, the page does not.
        const page_ = await page.evaluate(() => ({
          scrollHeight: document.documentElement.scrollHeight,
          innerHeight: window.innerHeight,
        }));
        expect(page_.scrollHeight).toBe(page_.innerHeight);
        expect(await audit(page, `desktop reading ${size.width} ${lang}`)).toEqual([]);
        await shot(`mail-desktop-newsletter-${size.width}-${lang.toLowerCase()}`);
      });
    }
  });
}
