import { withSharedRendering, type MailParts } from '../html-text/mail-rendering.ts';
import type { RenderCut } from '../html-text/render-budget.ts';
import { isTextFromHtml, parseMessage, type ParsedMessage } from './message-parser.ts';

/** The verification-code extractor's signature (src-main/mail/code-extraction/extract-code.ts). */
export type CodeExtractor = (mail: MailParts) => string | null;

/** The link extractor's signature (src-main/mail/link-extraction/extract-link.ts). */
export type LinkExtractor = (mail: MailParts) => string | null;

/**
 * A parsed message with its verification code and link: all the CPU work one mail needs. From
 * the parse pool a long body comes as UTF-8 bytes (body-bytes.ts), stored as they are.
 */
export interface AnalyzedMessage extends Omit<ParsedMessage, 'text' | 'html'> {
  text: string | Buffer | null;
  html: string | Buffer | null;
  code: string | null;
  link: string | null;
  /** The HTML passed a bound of the renderer (render-budget.ts); logged, not stored. */
  htmlCut?: RenderCut | null;
}

/**
 * `lanes` caps how many parse workers this call may be given to (the pool's least busy of its
 * first `lanes`); `urgent` puts it ahead of every job queued in the pool (someone waits for this
 * mail). In-process analyzers ignore both.
 */
export type Analyzer = (
  raw: Uint8Array,
  envelopeFrom: string | null,
  lanes?: number,
  urgent?: boolean,
) => Promise<AnalyzedMessage>;

/** A failing extractor costs its field, never the mail. */
function guarded(extract: (mail: MailParts) => string | null, mail: MailParts): string | null {
  try {
    return extract(mail);
  } catch {
    return null;
  }
}

/** Parses and extracts in this thread (tests, and the body of each parse worker). */
export function analyzeInProcess(
  extractCode: CodeExtractor,
  extractLink: LinkExtractor = () => null,
): Analyzer {
  return async (raw, envelopeFrom) => {
    const parsed = await parseMessage(
      Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
      envelopeFrom,
    );
    // Both extractors read the one rendering of the HTML, made by whichever asks first.
    const parts = withSharedRendering({
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
    });
    const code = guarded(extractCode, parts);
    // A link is read from the HTML's anchors, never from their text rendered as a text part.
    const link = guarded(extractLink, isTextFromHtml(parsed) ? { ...parts, text: null } : parts);
    const htmlCut = parts.html === null ? null : (parts.rendered()?.cut ?? null);
    return { ...parsed, code, link, htmlCut };
  };
}
