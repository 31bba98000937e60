/**
 * Gathers the links of a mail with their label and context: the anchors of the HTML part (from
 * the mail's one rendering, html-text/mail-rendering.ts, shared with code extraction, so hidden
 * links are known as hidden), the URLs written out in the rendered HTML text outside any
 * anchor, and the URLs of the text/plain part. Hidden anchors and anything that is not an
 * http(s) URL are left out here.
 */

import { MAX_ANCHORS } from '../html-text/anchors.ts';
import { renderingOf, type MailParts } from '../html-text/mail-rendering.ts';
import { CONTEXT_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import { findTextUrls, type TextUrl } from './text-urls.ts';
import type { LinkCandidate } from './types.ts';
import { cleanHref } from './url-rules.ts';

export type { MailParts };

/** NFKC folds full-width letters and compatibility forms, so keyword lists match once. */
const fold = (s: string): string => s.normalize('NFKC');

/** The last line of a text: the sentence that introduces what follows it. */
const lastLine = (s: string): string => s.slice(s.lastIndexOf('\n') + 1).trim();

/** A button says what it does in a few words; a link whose text is a URL or a sentence is not one. */
const isButtonLabel = (text: string): boolean =>
  /\p{L}/u.test(text) && text.length <= 40 && !/:\/\/|www\./i.test(text);

/** A text/plain part may carry HTML-escaped URLs (`&amp;`). */
const decodeAmp = (url: string): string => url.replace(/&amp;/gi, '&');

function fromTextUrls(urls: readonly TextUrl[], source: 'html' | 'text', order: number) {
  const out: LinkCandidate[] = [];
  for (const t of urls) {
    const url = cleanHref(decodeAmp(t.url));
    if (!url) continue;
    // A URL alone on its line is introduced by the line before ("Reset it here:\n<url>").
    const alone = !/\p{L}{2}/u.test(t.label);
    const label = alone ? lastLine(t.context) : t.label;
    out.push({
      url,
      label: fold(label),
      context: fold(t.context),
      button: alone,
      paired: false,
      source,
      order: order++,
    });
  }
  return out;
}

/**
 * A link right after another one, with no words between ("Yes, it was me" / "No, secure my
 * account"; "Change your password: …" / "Review settings: …" on consecutive lines), is
 * introduced by the same sentence as the first.
 */
function withGroupContext(links: LinkCandidate[]): LinkCandidate[] {
  for (let i = 1; i < links.length; i++) {
    const link = links[i] as LinkCandidate;
    const previous = links[i - 1] as LinkCandidate;
    if (link.source === previous.source && !/\p{L}{2}/u.test(link.context)) {
      links[i] = { ...link, context: previous.context, paired: true };
    }
  }
  return links;
}

export function gatherCandidates(mail: MailParts): LinkCandidate[] {
  const out: LinkCandidate[] = [];
  const rendered = mail.html ? renderingOf(mail) : null;
  if (rendered) {
    let previousEnd = 0;
    for (const a of rendered.anchors) {
      const url = a.hidden ? null : cleanHref(a.href);
      if (url) {
        const from = Math.max(previousEnd, a.start - CONTEXT_CHARS);
        out.push({
          url,
          label: fold(a.text),
          context: fold(rendered.text.slice(from, a.start)),
          button: isButtonLabel(a.text),
          paired: false,
          source: 'html',
          order: out.length,
        });
      }
      if (!a.hidden) previousEnd = Math.max(previousEnd, a.end);
    }
    // URLs written as text but not linked (a mail client links them for the reader). Text
    // inside an anchor (with an href or not) is never where a link goes, so it is skipped;
    // past MAX_ANCHORS the anchors are no longer known, so no text URL after them is read.
    const visibleAnchors = rendered.anchors.filter((a) => !a.hidden && a.end > a.start);
    const knownUntil =
      rendered.anchors.length >= MAX_ANCHORS
        ? Math.max(...rendered.anchors.map((a) => a.end))
        : Number.POSITIVE_INFINITY;
    const bare = findTextUrls(rendered.text).filter(
      (t) => t.end <= knownUntil && !visibleAnchors.some((a) => t.start < a.end && t.end > a.start),
    );
    out.push(...fromTextUrls(bare, 'html', out.length));
  }
  if (mail.text) {
    out.push(...fromTextUrls(findTextUrls(mail.text.slice(0, MAX_TEXT_CHARS)), 'text', out.length));
  }
  return withGroupContext(out);
}
