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

const SETTLE_LIMIT_MS = 5_000;

/**
 * Fonts loaded, every finite animation and transition finished at once (an element mid-transition
 * is painted on a layer of its own, whose edges anti-alias differently from the resting picture),
 * then two frames rendered: the layout and paint the next picture shows are the final ones.
 *
 * Finished, not waited for: in this Chromium a 0.01 ms transition (the reduced-motion length) on
 * `color`, started by the theme applying after the first paint, was seen to stay at current time
 * 0 for seconds, and a CI run hung here for the whole test timeout. The fonts wait is bounded
 * too (Playwright's own screenshotter and pdf.js bound it after seeing it hang); a wait that runs
 * out is named on stderr and the picture is taken anyway: the pictures are artifacts for a
 * person to look at, not assertions.
 */
export async function settle(page: Page, name = page.url()): Promise<void> {
  const late = await page.evaluate(async (limitMs) => {
    const missed: string[] = [];
    const bounded = (name: string, work: Promise<unknown>): Promise<void> =>
      Promise.race([
        work.then(() => undefined),
        new Promise<void>((done) =>
          setTimeout(() => {
            missed.push(name);
            done();
          }, limitMs),
        ),
      ]);
    await bounded('fonts', document.fonts.ready);
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    for (const animation of finite) animation.finish();
    await bounded(
      'frames',
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    return missed;
  }, SETTLE_LIMIT_MS);
  if (late.length > 0) {
    process.stderr.write(
      `still-shot ${name}: ${late.join(', ')} not settled after ${SETTLE_LIMIT_MS} ms\n`,
    );
  }
}

async function capture(page: Page, file: string): Promise<void> {
  // The pointer rests where the last click was; a hover there is not the screen's resting look.
  await page.mouse.move(0, 0);
  await settle(page, path.basename(file));
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
