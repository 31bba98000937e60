/** The top header fields a mail is routed and deduplicated by are read within this many bytes. */
const MAX_HEADER_BYTES = 256 * 1024;

/** One header field, its name lower-cased and its folded lines joined. */
export interface HeaderField {
  name: string;
  value: string;
}

/**
 * The message's own header fields, top to bottom (no MIME parsing: the parser lives in the
 * worker threads, and routing needs only a few fields of the top block). Bytes are read as
 * latin1, which keeps every ASCII address intact.
 */
export function readHeaderFields(raw: Buffer): HeaderField[] {
  const limit = Math.min(raw.length, MAX_HEADER_BYTES);
  let end = raw.indexOf('\r\n\r\n', 0, 'latin1');
  const lf = raw.indexOf('\n\n', 0, 'latin1');
  if (end === -1 || (lf !== -1 && lf < end)) end = lf;
  const block = raw.toString('latin1', 0, end === -1 || end > limit ? limit : end);
  const fields: HeaderField[] = [];
  for (const line of block.split(/\r?\n/)) {
    const last = fields.at(-1);
    if (/^[ \t]/.test(line)) {
      if (last) last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields.push({
      name: line.slice(0, colon).trim().toLowerCase(),
      value: line.slice(colon + 1).trim(),
    });
  }
  return fields;
}

/** The Message-ID (`<…>` included), or null when the message has none or a malformed one. */
export function messageIdOf(raw: Buffer): string | null {
  const field = readHeaderFields(raw).find((f) => f.name === 'message-id');
  const match = field ? /<[^<>\s]{1,900}>/.exec(field.value) : null;
  return match ? match[0] : null;
}
