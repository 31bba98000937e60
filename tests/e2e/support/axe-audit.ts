import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now; returns one line per violation (rule id and targets). The
 * mail's own frame is left out: its content is the sender's HTML, shown as written.
 */
export async function audit(page: Page, screen: string): Promise<string[]> {
  // Let the frame that applied the last state change render first: on a loaded machine axe once
  // measured the video page's h1 against a background of the state before (1 run in ~40).
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  const result = await new AxeBuilder({ page }).exclude('[data-testid="mail-frame"]').analyze();
  return result.violations.map(
    (v) =>
      `${screen}: ${v.id} (${v.nodes.length}) — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}
