/**
 * Builds the texts a mail is read from: the subject (one line), the text/plain part and the
 * visible rendering of the HTML part (the mail's one rendering, html-text/mail-rendering.ts,
 * shared with link extraction and normalised as normalize.ts says; its hidden text is kept
 * apart). The HTML is read even when a text part exists: the text part is often a "view in
 * browser" stub. Every source is normalised and capped.
 */

import { renderingOf, type MailParts } from '../html-text/mail-rendering.ts';
import { MAX_SCAN_CHARS, MAX_SUBJECT_CHARS, MAX_TEXT_CHARS } from './limits.ts';
import { normalizeText } from './normalize.ts';
import type { SourceText } from './types.ts';

export type { MailParts };

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
  const visible = mail.html ? renderingOf(mail) : null;
  if (visible) {
    const text = visible.text.slice(0, MAX_SCAN_CHARS);
    sources.push({
      kind: 'html',
      text,
      emphasis: visible.emphasis.filter((e) => e.start < text.length),
      hiddenText: visible.hiddenText.slice(0, MAX_SCAN_CHARS),
    });
  }
  return sources;
}
