import { Readable } from 'node:stream';
import { AppError } from '../core/app-error.ts';
import type { LongColumn, MailHead, MailStore } from './mail-store.ts';

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
 * Throws MAIL_NOT_FOUND before anything is sent; a mail swept mid-answer cuts the connection
 * (an incomplete JSON body) rather than send a wrong one.
 */
export function fullMailJson(store: MailStore, email: string, id: number): Readable {
  const head = store.head(email, id);
  if (!head) throw new AppError('MAIL_NOT_FOUND', `No mail ${id} in this mailbox.`);
  return Readable.from(pieces(store, id, head), { objectMode: false, highWaterMark: 1 });
}

/** The JSON text in order; Readable.from pulls the next piece only when the last one is out. */
function* pieces(store: MailStore, id: number, head: MailHead): Generator<string> {
  // The head object without its closing brace; the long fields follow.
  yield JSON.stringify(head.mail).slice(0, -1);
  for (const column of LONG_COLUMNS) {
    const length = head.lengths[column];
    if (length === null) {
      yield `,${JSON.stringify(column)}:null`;
      continue;
    }
    yield `,${JSON.stringify(column)}:"`;
    for (let start = 1; start <= length; start += PIECE_CHARS) {
      const piece = store.piece(id, column, start, PIECE_CHARS);
      if (piece === null) throw new Error(`mail ${id} was removed while it was being sent`);
      // substr() counts characters (code points), so no piece splits a surrogate pair.
      yield JSON.stringify(piece).slice(1, -1);
    }
    yield '"';
  }
  yield '}';
}
