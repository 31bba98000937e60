import { renderHtml } from './render-html.ts';
import { joinText, strippedText } from './stripped-text.ts';

/**
 * Only this much HTML is rendered: the tokenizer takes about 90 µs per KiB, so a 10 MiB body
 * would hold the event loop for a second; the first MiB is where any text worth reading is.
 */
export const MAX_HTML_TO_RENDER = 1024 * 1024;

/**
 * The `text` of a mail that carries no text part: what a reader of its HTML sees, laid out as
 * render-html.ts describes (the same rendering code extraction reads). htmlparser2 is used
 * rather than html-to-text, which took 0.7 ms per KiB here (8× slower) on mail-sized HTML and
 * keeps `display:none` text. Past the renderer's budget (render-budget.ts: nesting too deep,
 * too much markup) the rest of the body follows as stripped text, on a line of its own.
 */
export function htmlToText(html: string): string {
  const source = html.length > MAX_HTML_TO_RENDER ? html.slice(0, MAX_HTML_TO_RENDER) : html;
  const rendered = renderHtml(source, { maxChars: MAX_HTML_TO_RENDER });
  if (!rendered.cut) return rendered.text;
  const room = Math.max(0, MAX_HTML_TO_RENDER - rendered.text.length - 1);
  return joinText(rendered.text, strippedText(html.slice(rendered.readTo), room));
}
