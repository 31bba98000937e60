import { parseMessage, type ParsedMessage } from './message-parser.ts';

/** The verification-code extractor's signature (src-main/mail/code-extraction/extract-code.ts). */
export type CodeExtractor = (mail: {
  subject: string | null;
  text: string | null;
  html: string | null;
}) => string | null;

/** A parsed message with its verification code: all the CPU work one mail needs. */
export interface AnalyzedMessage extends ParsedMessage {
  code: string | null;
}

/**
 * `lanes` caps how many parse workers this call may be given to (the pool's least busy of its
 * first `lanes`); in-process analyzers ignore it.
 */
export type Analyzer = (
  raw: Uint8Array,
  envelopeFrom: string | null,
  lanes?: number,
) => Promise<AnalyzedMessage>;

/** Parses and extracts in this thread (tests, and the body of each parse worker). */
export function analyzeInProcess(extractCode: CodeExtractor): Analyzer {
  return async (raw, envelopeFrom) => {
    const parsed = await parseMessage(
      Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
      envelopeFrom,
    );
    let code: string | null = null;
    try {
      code = extractCode({ subject: parsed.subject, text: parsed.text, html: parsed.html });
    } catch {
      // A failing extractor costs the code, never the mail.
    }
    return { ...parsed, code };
  };
}
