import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './fixtures.ts';

// The phone's tab bar is fixed to the window's bottom, so a full-page picture of a taller page
// would show it where the window ended, over the middle of the content. For the picture it is
// placed at the page's end instead, in the room body keeps free for it (the app bar, which it
// sits in, is at the top either way).
const TAB_BAR_AT_PAGE_END = `html {
  position: relative;
}
@media (max-width: 760px) {
  .appbar {
    position: static !important;
  }
  .tabs {
    position: absolute !important;
  }
}`;

// Nothing moves while the picture is taken: no animation or transition mid-way, no blinking caret.
// No backdrop blur either: Chromium's software compositor gives the pixels at the edges of what
// sits on a blurred bar (the app bar, the phone's tab bar) or over a dialog's blurred backdrop
// slightly different values from one frame to the next, so two pictures of one page would differ.
const STILL = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  backdrop-filter: none !important;
}
::backdrop {
  backdrop-filter: none !important;
}
${TAB_BAR_AT_PAGE_END}`;

/**
 * A style sheet to compare against (`SCREENSHOT_BASELINE_CSS`, e.g. the built CSS of the commit
 * before a style refactor): each picture is taken a second time with it in place of the page's
 * own, into screenshots-baseline/, so both sets show the same data at the same moment and can be
 * compared pixel for pixel.
 */
const BASELINE = process.env.SCREENSHOT_BASELINE_CSS
  ? fs.readFileSync(process.env.SCREENSHOT_BASELINE_CSS, 'utf8')
  : null;
const BASELINE_DIR = `${SCREENSHOT_DIR}-baseline`;

/** True when pictures are also taken with a baseline style sheet (then the clock is frozen). */
export const comparingBaseline = BASELINE !== null;

/**
 * Fonts loaded, every finite animation and transition over (an element mid-transition is painted
 * on a layer of its own, whose edges anti-alias differently from the resting picture), then two
 * frames rendered: the layout and paint the next picture shows are the final ones.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise<void>((done) =>
      requestAnimationFrame(() => requestAnimationFrame(() => done())),
    );
  });
}

async function capture(page: Page, file: string): Promise<void> {
  // The pointer rests where the last click was; a hover there is not the screen's resting look.
  await page.mouse.move(0, 0);
  await settle(page);
  await page.screenshot({
    path: file,
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    style: STILL,
  });
}

/** Saves a full-page picture of the page as it is now to test-results/screenshots/<name>.png. */
export async function stillShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await capture(page, path.join(SCREENSHOT_DIR, `${name}.png`));
  if (BASELINE === null) return;
  fs.mkdirSync(BASELINE_DIR, { recursive: true });
  await page.evaluate((css) => {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      link.disabled = true;
    }
    const style = document.createElement('style');
    style.id = 'screenshot-baseline';
    style.textContent = css;
    document.head.append(style);
  }, BASELINE);
  await capture(page, path.join(BASELINE_DIR, `${name}.png`));
  await page.evaluate(() => {
    document.getElementById('screenshot-baseline')?.remove();
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      link.disabled = false;
    }
  });
  await settle(page);
}
