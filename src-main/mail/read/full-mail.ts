import { Readable } from 'node:stream';
import { AppError } from '../../core/app-error.ts';
import { jsonStringBytes } from '../store/json-bytes.ts';
import type { LongColumn, MailHead, MailStore } from '../store/mail-store.ts';

/**
 * Characters read per step. SQLite's substr() reads the whole value each time, so a bigger
 * piece means fewer reads of a 10 MiB body; a smaller one less memory per request.
 */
export const PIECE_CHARS = 512 * 1024;

const LONG_COLUMNS: readonly LongColumn[] = ['subject', 'text', 'html'];

/**
 * GET /api/emails/{email}/{id}: the whole mail as one JSON object, written as a stream. The
 * short fields come first, then `subject`, `text` and `html` piece by piece as the client
 * reads (pull-based, so a slow reader holds one piece in memory, never the whole body).
 * Each piece comes from SQLite as UTF-8 bytes and is escaped in small slices (json-bytes.ts),
 * so no piece becomes one large JavaScript string.
 * Throws MAIL_NOT_FOUND before anything is sent; a mail swept mid-answer cuts the connection
 * (an incomplete JSON body) rather than send a wrong one.
 */
export function fullMailJson(
  store: MailStore,
  email: string,
  id: number,
  pieceChars = PIECE_CHARS,
): Readable {
  const head = store.head(email, id);
  if (!head) throw new AppError('MAIL_NOT_FOUND', `No mail ${id} in this mailbox.`);
  return Readable.from(pieces(store, id, head, pieceChars), {
    objectMode: false,
    highWaterMark: 1,
  });
}

/** The JSON text in order; Readable.from pulls the next piece only when the last one is out. */
function* pieces(
  store: MailStore,
  id: number,
  head: MailHead,
  pieceChars: number,
): Generator<Buffer> {
  // The head object without its closing brace; the long fields follow.
  yield Buffer.from(JSON.stringify(head.mail).slice(0, -1));
  for (const column of LONG_COLUMNS) {
    const size = head.bytes[column];
    if (size === null) {
      yield Buffer.from(`,${JSON.stringify(column)}:null`);
      continue;
    }
    yield Buffer.from(`,${JSON.stringify(column)}:"`);
    // substr() counts characters (code points), so no piece splits one; the pieces' bytes add
    // up to the column's size, which says when the last one is out.
    for (let start = 1, sent = 0; sent < size; start += pieceChars) {
      const piece = store.piece(id, column, start, pieceChars);
      if (piece === null) throw new Error(`mail ${id} was removed while it was being sent`);
      // Every step moves on by at least a byte, or ends here.
      if (piece.length === 0) throw new Error(`mail ${id} changed while it was being sent`);
      sent += piece.length;
      yield jsonStringBytes(piece);
    }
    yield Buffer.from('"');
  }
  yield Buffer.from('}');
}
