/**
 * Delimiter lines, matched exactly as mailsplit's MessageSplitter matches them (compareBoundary
 * and checkBoundary in @zone-eu/mailsplit/lib/message-splitter.js), so the fast path splits a
 * message into the same parts mailparser sees. Any change there must be mirrored here; the
 * differential test (tests/unit/mail/fast-mime/) compares the two on every shape it takes.
 */

/** SP and HTAB a delimiter line may carry before its line ending (mailsplit's limit). */
const TRAILING_WSP = 998;
/** "--" prefix, "--" suffix, trailing whitespace and CRLF. */
const LINE_SUFFIX = 2 + 2 + TRAILING_WSP + 2;

/** 1: next part, 2: end of the multipart; false: not a delimiter of this boundary. */
export function compareBoundary(
  raw: Buffer,
  start: number,
  end: number,
  lead: number,
  boundary: Buffer,
): 1 | 2 | false {
  const length = end - start;
  if (length < boundary.length + 3 + lead || length > boundary.length + LINE_SUFFIX + lead) {
    return false;
  }
  const from = start + lead + 2;
  for (let i = 0; i < boundary.length; i++) {
    if (raw[from + i] !== boundary[i]) return false;
  }
  let i = from + boundary.length;
  let result: 1 | 2 = 1;
  if (i < end && raw[i] === 0x2d) {
    if (i + 1 >= end || raw[i + 1] !== 0x2d) return false;
    result = 2;
    i += 2;
  }
  while (i < end && (raw[i] === 0x20 || raw[i] === 0x09)) i++;
  // only the closing delimiter may end the input without a line ending
  if (i === end) return result === 2 ? 2 : false;
  while (i < end && raw[i] === 0x0d) i++;
  if (i < end && raw[i] === 0x0a) i++;
  return i === end ? result : false;
}

/** Bytes of a line ending in front of the "--" that mailsplit lets a delimiter line carry. */
export function delimiterLead(raw: Buffer, start: number, end: number): number {
  if (end - start >= 1 && (raw[start] === 0x0d || raw[start] === 0x0a)) {
    return end - start >= 2 && raw[start] === 0x0d && raw[start + 1] === 0x0a ? 2 : 1;
  }
  return 0;
}

/** Whether the line may be a delimiter at all: at least 4 bytes and "--" after any lead. */
export function mayBeDelimiter(raw: Buffer, start: number, end: number, lead: number): boolean {
  return end - start >= 4 && raw[start + lead] === 0x2d && raw[start + lead + 1] === 0x2d;
}
