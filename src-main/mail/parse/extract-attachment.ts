import { simpleParser } from 'mailparser';
import { PARSER_OPTIONS } from './message-parser.ts';

/** One attachment's bytes and what its MIME part says about them. */
export interface AttachmentFile {
  contentType: string;
  filename: string | null;
  content: Uint8Array;
}

/**
 * Attachment `index` of a raw message, in the order message-parser.ts stored the list (the
 * same parser with the same options), or null. Runs in a parse worker.
 */
export async function extractAttachment(
  raw: Uint8Array,
  index: number,
): Promise<AttachmentFile | null> {
  const parsed = await simpleParser(
    Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
    PARSER_OPTIONS,
  );
  const found = parsed.attachments[index];
  if (!found) return null;
  return {
    contentType: found.contentType,
    filename: found.filename ?? null,
    content: found.content,
  };
}
