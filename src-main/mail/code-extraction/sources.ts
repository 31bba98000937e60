/**
 * Builds the texts a mail is read from: the subject (one line), the text/plain part and the
 * visible rendering of the HTML part (the app's one renderer, html-text/render-html.ts, with
 * this module's normalisation; its hidden text is kept apart). The HTML is read even when a
 * text part exists: the text part is often a "view in browser" stub. Every source is
 * normalised and capped.
 */

import { renderHtml } from '../html-text/render-html.ts';
import { MAX_HTML_CHARS, MAX_SCAN_CHARS, MAX_SUBJECT_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import { normalizeText } from './normalize.ts';
import type { SourceText } from './types.ts';

export interface MailParts {
  subject: string | null;
  text: string | null;
  html: string | null;
}

export function readSources(mail: MailParts): SourceText[] {
  const sources: SourceText[] = [];
  if (mail.subject) {
    const subject = normalizeText(mail.subject.slice(0, MAX_SUBJECT_CHARS)).replace(/\s+/g, ' ');
    sources.push({ kind: 'subject', text: subject.trim(), emphasis: [] });
  }
  if (mail.text) {
    const text = normalizeText(mail.text.slice(0, MAX_TEXT_CHARS)).slice(0, MAX_SCAN_CHARS);
    sources.push({ kind: 'text', text, emphasis: [] });
  }
  if (mail.html) {
    const visible = renderHtml(mail.html.slice(0, MAX_HTML_CHARS), {
      maxChars: MAX_SCAN_CHARS,
      mapText: normalizeText,
      collectHidden: true,
    });
    sources.push({
      kind: 'html',
      text: visible.text,
      emphasis: visible.emphasis,
      hiddenText: visible.hiddenText,
    });
  }
  return sources;
}
