/**
 * Builds the texts a mail is read from: the subject (one line), the text/plain part and the
 * visible rendering of the HTML part. The HTML is read even when a text part exists: the text
 * part is often a "view in browser" stub. Every source is normalised and capped.
 */

import { htmlToVisibleText } from './html-to-text.ts';
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
    const visible = htmlToVisibleText(mail.html.slice(0, MAX_HTML_CHARS), MAX_SCAN_CHARS);
    sources.push({ kind: 'html', text: visible.text, emphasis: visible.emphasis });
  }
  return sources;
}
