import { MessageRefused } from '../parse/message-refused.ts';

/** mailparser's splitter (mailsplit) limits, which the scan below mirrors. */
const MAX_HEAD_BYTES = 1024 * 1024;
const HEADER_LINE_MIN_COST = 64;
const MAX_PARTS = 1000;

/** A header field line: a name of printable characters but ':', then ':'. */
const FIELD_LINE = /^[\x21-\x39\x3b-\x7e]+:/;

/**
 * What the parser would refuse, found before the 250 (which now comes before parsing): a
 * header block over 1 MiB, each line counted as at least 64 bytes, or over 1000 MIME parts.
 * Header blocks are the message's own and those after a `--` line (a part's boundary) that
 * begin with a field line. It reads lines only (no MIME parsing), so it costs little on the
 * SMTP path; anything the parser still refuses later is kept as raw text, never lost.
 */
export function scanHeaders(raw: Buffer): MessageRefused | null {
  let inHeader = true;
  let afterBoundary = false;
  let cost = 0;
  let parts = 0;
  for (let start = 0; start < raw.length;) {
    const nl = raw.indexOf(0x0a, start);
    const end = nl === -1 ? raw.length : nl + 1;
    const length = end - start;
    if (
      !inHeader &&
      afterBoundary &&
      FIELD_LINE.test(raw.toString('latin1', start, Math.min(end, start + 80)))
    ) {
      inHeader = true;
      cost = 0;
      if (++parts > MAX_PARTS) return new MessageRefused('5.3.4 Message has too many MIME parts');
    }
    afterBoundary = false;
    if (inHeader) {
      const blank = length <= 2 && (raw[start] === 0x0a || raw[start] === 0x0d);
      if (blank) inHeader = false;
      else {
        cost += Math.max(length, HEADER_LINE_MIN_COST);
        if (cost > MAX_HEAD_BYTES)
          return new MessageRefused('5.3.4 Message header too large (a header block over 1 MiB)');
      }
    } else if (raw[start] === 0x2d && raw[start + 1] === 0x2d) {
      afterBoundary = true;
    }
    start = end;
  }
  return null;
}
