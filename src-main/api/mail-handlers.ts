import type { Mail } from '../../src-shared/mail/schemas.ts';
import { AppError } from '../core/app-error.ts';
import { encodeBulk, encodeMailArray } from '../mail/read/listed-json.ts';
import { listedToMail } from '../mail/store/listed-mail.ts';
import type { ListedPage } from '../mail/store/mail-page.ts';
import { Encoded, encodedJson, type ApiContext, type ApiHandlers } from './handler.ts';
import { parseBulkBody, parseReadBody } from './mail-body.ts';

type MailRoutes =
  | 'mailGenerate'
  | 'mailGenerateBatch'
  | 'mailboxLease'
  | 'mailboxExtend'
  | 'mailboxReuse'
  | 'mailList'
  | 'mailGet'
  | 'mailEmpty'
  | 'mailDelete'
  | 'mailSetRead'
  | 'mailReadAll'
  | 'mailBulk';

/** A page of listed mails: bytes for HTTP, objects for IPC; `more` for the client's next ask. */
function listing(page: ListedPage, context: ApiContext): Encoded<Mail[]> {
  context.meta.more = page.more;
  const chunks = encodeMailArray(page.mails);
  return new Encoded(
    () => Buffer.concat(chunks),
    () => page.mails.map(listedToMail),
  );
}

/** The mail endpoints (docs/API.md "Mail service"), every one behind an API key. */
export const mailHandlers: Pick<ApiHandlers, MailRoutes> = {
  mailGenerate: ({ query }, { services }) => services.mail.leases.generate(query.domain),
  mailGenerateBatch: ({ query }, { services }) =>
    services.mail.leases.batch(query.count, query.domain),
  mailboxLease: ({ params }, { services }) => services.mail.leases.lease(params.email),
  mailboxExtend: ({ params }, { services }) => services.mail.leases.extend(params.email),
  mailboxReuse: ({ params }, { services }) => services.mail.leases.reuse(params.email),

  mailList: async ({ params, query }, context) => {
    const { mail } = context.services;
    const { email } = params;
    const read = { afterId: query.after_id, limit: query.limit };
    if (query.q !== undefined)
      return listing(mail.reader.listedSearch(email, query.q, read), context);
    const waitMs = Math.round(query.wait * 1000);
    const gone = new AbortController();
    if (waitMs > 0) context.onClose(() => gone.abort());
    // A key revoked mid-wait ends the wait with the 401 a new request would get (the desktop
    // window holds no key, so nothing can revoke its call).
    let revoked = false;
    const release =
      context.keyId === null
        ? () => undefined
        : mail.sessions.hold(context.keyId, () => {
            revoked = true;
            gone.abort();
          });
    const page = await mail.reader.waitListed(email, read, waitMs, gone.signal).finally(release);
    if (revoked) {
      throw new AppError(
        'MAIL_AUTH_FAILED',
        'The API key was disabled or deleted while this request waited.',
      );
    }
    return listing(page, context);
  },

  mailGet: ({ params: { email, id } }, { services }) =>
    new Encoded(
      () => services.mail.reader.full(email, id),
      () => services.mail.reader.fullMail(email, id),
    ),
  mailEmpty: ({ params }, { services }) => services.mail.control.empty(params.email),
  mailDelete: ({ params }, { services }) =>
    services.mail.control.deleteOne(params.email, params.id),
  mailSetRead: ({ params, body }, { services }) =>
    services.mail.control.setRead(params.email, params.id, parseReadBody(body)),
  mailReadAll: ({ params }, { services }) => services.mail.control.markAllRead(params.email),
  // The BulkResponse schema's shape, written as bytes (listed-json.ts).
  mailBulk: ({ body }, { services }) =>
    encodedJson(encodeBulk(services.mail.reader.listedBulk(parseBulkBody(body)))),
};
