import { MailReadRequestSchema } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../core/app-error.ts';

/** Body of POST /api/emails/bulk: `{items: [...]}`; the items are checked one by one later. */
export function parseBulkBody(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('MAIL_BAD_REQUEST', 'The body must be a JSON object with "items".');
  }
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items)) {
    throw new AppError('MAIL_BAD_REQUEST', '"items" must be an array of {email, after_id, limit}.');
  }
  return items;
}

/** Body of POST /api/emails/{email}/{id}/read: `{"read": true}` or `{"read": false}`. */
export function parseReadBody(body: unknown): boolean {
  const parsed = MailReadRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('MAIL_BAD_REQUEST', 'The body must be {"read": true} or {"read": false}.');
  }
  return parsed.data.read;
}
