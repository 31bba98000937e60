/**
 * The work one HTML body may cost the renderer (render-html.ts), whatever its sender wrote.
 *
 * htmlparser2 keeps its open elements in an array it grows at the front, so every element
 * costs in proportion to how deep it sits: 100,000 nested `<div><span>` (1.1 MB) took about
 * 13 s to render, and a sender streaming such mails held every parse worker. Past either
 * bound the renderer stops and says why; what it had rendered stays, and the rest of the body
 * is read as stripped text (stripped-text.ts) where a mail has no text part to fall back on.
 */

/**
 * Open elements at once. Mail layouts nest tables a few dozen deep; browsers stop nesting at
 * 512 (Blink's parser). 256 keeps htmlparser2's per-element cost small and leaves mail room.
 */
export const MAX_DEPTH = 256;

/**
 * Parser events (an opening tag, a closing tag or a run of text) per rendering: about 120 ms
 * of the renderer on the slowest markup measured (`<b>x</b>` repeated). A 1 MiB newsletter
 * has a few tens of thousands.
 */
export const MAX_STEPS = 100_000;

/** Why a rendering stopped early: too deep, or too many events. */
export type RenderCut = 'depth' | 'steps';

/** Counts the renderer's events against the bounds. */
export class RenderBudget {
  private steps = 0;
  cut: RenderCut | null = null;

  constructor(
    private readonly maxDepth = MAX_DEPTH,
    private readonly maxSteps = MAX_STEPS,
  ) {}

  /** One more event at `depth` open elements; false once a bound is passed (stop there). */
  step(depth: number): boolean {
    if (this.cut) return false;
    if (depth > this.maxDepth) this.cut = 'depth';
    else if (++this.steps > this.maxSteps) this.cut = 'steps';
    return this.cut === null;
  }
}
