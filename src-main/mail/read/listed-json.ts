import { encodeListed, type ListedMail } from '../store/listed-mail.ts';
import type { ListedPage } from '../store/mail-page.ts';

/** A bulk item's result with its mails as listed (the BulkResult schema's two forms). */
export type ListedBulkResult =
  { email: string; page: ListedPage } | { email: string | null; error: string };

/**
 * The JSON answers that carry listed mails, written as UTF-8 pieces: byte for byte
 * JSON.stringify of the same answer as objects (tests/unit/mail/listed-json.test.ts), but
 * without making a string of the whole answer, or of any body in it.
 */
export function encodeMailArray(mails: readonly ListedMail[]): Buffer[] {
  const out: Buffer[] = [Buffer.from('[')];
  mails.forEach((mail, i) => {
    if (i > 0) out.push(Buffer.from(','));
    out.push(...encodeListed(mail));
  });
  out.push(Buffer.from(']'));
  return out;
}

/** POST /api/emails/bulk: `{"results":[{email, mails, more} | {email, error}, …]}`. */
export function encodeBulk(results: readonly ListedBulkResult[]): Buffer[] {
  const out: Buffer[] = [Buffer.from('{"results":[')];
  results.forEach((result, i) => {
    if (i > 0) out.push(Buffer.from(','));
    if ('error' in result) {
      out.push(Buffer.from(JSON.stringify({ email: result.email, error: result.error })));
      return;
    }
    out.push(Buffer.from(`${JSON.stringify({ email: result.email }).slice(0, -1)},"mails":`));
    out.push(...encodeMailArray(result.page.mails));
    out.push(Buffer.from(`,"more":${JSON.stringify(result.page.more)}}`));
  });
  out.push(Buffer.from(']}'));
  return out;
}

/** One WebSocket `email` message: `{"type":"email","data":mail}`. */
export function encodeEmailMessage(mail: ListedMail): Buffer {
  return Buffer.concat([Buffer.from('{"type":"email","data":'), ...encodeListed(mail), CLOSE]);
}

const CLOSE = Buffer.from('}');
