/**
 * The links of an HTML mail as render-html.ts draws them: each `<a href>` with the text a reader
 * sees on it (an image inside counts by its `alt`), whether it is hidden, and where its text sits
 * in the rendered output. Collected during the one rendering, so link extraction reads the same
 * visible/hidden decision as the text (no second HTML parser).
 */

export interface RenderedAnchor {
  /** The `href` as written, entities decoded by the parser (`&amp;` → `&`). */
  href: string;
  /** Its text (and image `alt`s), whitespace collapsed. */
  text: string;
  /** Inside an element the renderer hides (display:none, hidden, a hiding class...). */
  hidden: boolean;
  /** Where its text starts and ends in the rendered text (equal when it shows no text). */
  start: number;
  end: number;
}

/** A mail with more links than this is a newsletter; the first ones are the ones that matter. */
export const MAX_ANCHORS = 200;

/** Anchor text kept per link; a button's label is short. */
const MAX_ANCHOR_TEXT = 500;

interface OpenAnchor {
  href: string;
  hidden: boolean;
  parts: string[];
  chars: number;
  start: number | null;
  openedAt: number;
}

export class AnchorCollector {
  readonly anchors: RenderedAnchor[] = [];
  private readonly open: OpenAnchor[] = [];

  /**
   * An `<a>` opens at output offset `at`. One without `href` is kept too, with href '': it is
   * no link, but its text is an anchor's text, which is never where a link goes (issue 36).
   */
  openAnchor(href: string | undefined, hidden: boolean, at: number): void {
    // Anchors do not nest in HTML: a new one ends the one before.
    this.closeAnchor(at);
    this.open.push({ href: href ?? '', hidden, parts: [], chars: 0, start: null, openedAt: at });
  }

  /** Text inside the open anchor; `start` is where it was written in the output, if visible. */
  text(s: string, start: number | null): void {
    const a = this.open[this.open.length - 1];
    if (!a || a.chars >= MAX_ANCHOR_TEXT) return;
    a.parts.push(s);
    a.chars += s.length;
    if (start !== null && a.start === null) a.start = start;
  }

  /** An `<img>` inside the anchor: its alt text is what the link says. */
  image(alt: string | undefined): void {
    if (alt) this.text(` ${alt} `, null);
  }

  closeAnchor(at: number): void {
    const a = this.open.pop();
    if (!a || this.anchors.length >= MAX_ANCHORS) return;
    const start = a.start ?? a.openedAt;
    this.anchors.push({
      href: a.href,
      text: a.parts.join('').replace(/\s+/g, ' ').trim(),
      hidden: a.hidden,
      start,
      end: Math.max(start, at),
    });
  }

  /** Anchors left open when the document ends. */
  finish(at: number): RenderedAnchor[] {
    while (this.open.length > 0) this.closeAnchor(at);
    return this.anchors;
  }
}
