/**
 * The one rendering of a mail's HTML that both extractors read: code extraction
 * (code-extraction/sources.ts) its text, emphasis and hidden text, link extraction
 * (link-extraction/candidates.ts) its anchors and text. analyze-message.ts makes it once per
 * mail and hands it to both, so a body is parsed once, within render-budget.ts's bounds.
 *
 * Text runs are normalised as code extraction needs (normalize.ts: NFKC, ASCII digits, plain
 * spaces), so emphasis offsets stay right; link extraction folds its labels with NFKC anyway.
 * When the budget stops the rendering of a mail without a text part, the rest of the body is
 * read as stripped text (stripped-text.ts) after what was rendered, so a code or link past
 * the cut is still found; with a text part, that part is read instead (no hidden text of the
 * HTML creeps in).
 */

import { normalizeText } from '../code-extraction/normalize.ts';
import { MAX_HTML_TO_RENDER } from './html-to-text.ts';
import type { RenderBudget, RenderCut } from './render-budget.ts';
import { renderHtml, type RenderedHtml } from './render-html.ts';
import { joinText, strippedText } from './stripped-text.ts';

/** Rendered text kept (anchors past it are still reported up to MAX_ANCHORS). */
export const MAX_RENDERED_CHARS = 256 * 1024;

/** What the extractors read of a mail; `rendered` gives the shared rendering, if made. */
export interface MailParts {
  subject: string | null;
  text: string | null;
  html: string | null;
  rendered?: () => MailRendering | null;
}

export interface MailRendering extends Omit<RenderedHtml, 'readTo'> {
  cut: RenderCut | null;
}

/** mailparser leaves '' where a mail has no text part. */
const hasText = (text: string | null): boolean => text !== null && /\S/.test(text);

/** Renders a mail's HTML for the extractors; null without HTML. */
export function renderMail(
  mail: Pick<MailParts, 'text' | 'html'>,
  budget?: RenderBudget,
): MailRendering | null {
  if (mail.html === null) return null;
  const rendered = renderHtml(mail.html.slice(0, MAX_HTML_TO_RENDER), {
    maxChars: MAX_RENDERED_CHARS,
    mapText: normalizeText,
    collectHidden: true,
    collectAnchors: true,
    budget,
  });
  const { readTo, ...rendering } = rendered;
  if (!rendered.cut || hasText(mail.text)) return rendering;
  const room = Math.max(0, MAX_RENDERED_CHARS - rendered.text.length - 1);
  const rest = normalizeText(strippedText(mail.html.slice(readTo), room));
  return { ...rendering, text: joinText(rendered.text, rest) };
}

/** The mail's shared rendering: the one made for it, or a new one (an extractor used alone). */
export function renderingOf(mail: MailParts): MailRendering | null {
  return mail.rendered ? mail.rendered() : renderMail(mail);
}

/** `mail` with a rendering made on first use and shared by whoever asks next. */
export function withSharedRendering<T extends Omit<MailParts, 'rendered'>>(
  mail: T,
): T & Required<Pick<MailParts, 'rendered'>> {
  let made: { rendering: MailRendering | null } | null = null;
  return { ...mail, rendered: () => (made ??= { rendering: renderMail(mail) }).rendering };
}
