import type mailsplit from '@zone-eu/mailsplit';
import libmime from 'libmime';
import { parseAddressHeader, type AddressObject, type ParsedMail } from 'mailparser';

type MimeNode = InstanceType<typeof mailsplit.MimeNode>;

/** The top-level headers parseMessage reads, as mailparser's processHeaders gives them. */
export type HeaderFields = Pick<ParsedMail, 'subject' | 'from' | 'to'>;

/**
 * Subject, From and To from the root's header lines, each line as mailparser's processHeaders
 * reads it: unfolded and trimmed by libmime's decodeHeader, the raw bytes read as UTF-8, then
 * encoded words decoded (Subject: libmime's decodeWords; addresses: mailparser's own
 * parseAddressHeader, which runs the addressparser and decodeAddresses processHeaders runs,
 * groups, names and punycode included). The first non-empty Subject and the first From count;
 * every To line adds its addresses, in order.
 */
export function headerFields(root: MimeNode): HeaderFields {
  const fields: HeaderFields = { subject: undefined, from: undefined, to: undefined };
  if (!root.headers) return fields;
  const to: AddressObject[] = [];
  for (const line of root.headers.getList()) {
    const key = line.key;
    if (key !== 'subject' && key !== 'from' && key !== 'to') continue;
    const decoded = libmime.decodeHeader(line.line).value.trim();
    const value = Buffer.from(decoded, 'binary').toString();
    if (key === 'subject') {
      if (fields.subject !== undefined) continue;
      const subject = decodeWords(value);
      if (subject) fields.subject = subject;
    } else if (key === 'from') {
      fields.from ??= parseAddressHeader(value);
    } else {
      to.push(parseAddressHeader(value));
    }
  }
  if (to.length > 0) fields.to = to.length === 1 ? to[0] : to;
  return fields;
}

function decodeWords(value: string): string {
  try {
    return libmime.decodeWords(value);
  } catch {
    return value;
  }
}
