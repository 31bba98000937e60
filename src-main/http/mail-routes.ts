import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import { AppError } from '../core/app-error.ts';
import { encodeBulk, encodeMailArray } from '../mail/read/listed-json.ts';
import type { MailServices } from '../mail/mail-services.ts';
import { attachmentRoute, rawRoute } from './mail-file-routes.ts';
import { keyIdOf, keyRevokedError, requireApiKey } from './mail-auth.ts';
import {
  parseBatchCount,
  parseDomainParam,
  parseBulkBody,
  parseMailId,
  parseReadBody,
  parseReadQuery,
  parseSearchQuery,
  parseWaitMs,
  registerMailBodyParser,
} from './mail-request.ts';

interface EmailParams {
  email: string;
}
type Query = Record<string, string | string[] | undefined>;

/**
 * On a list answer: `true` when mails after the last one returned exist (the byte budget or
 * `limit` stopped the page), so the client asks again with after_id = the last id. The body
 * stays the plain JSON array.
 */
export const MORE_HEADER = 'x-ephemera-more';

/**
 * What Fastify sends for an object; the answers that carry mail are written as bytes
 * (listed-json.ts), so they say it themselves.
 */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The mail REST endpoints (docs/API.md, "Mail service"), every one behind an API key. */
export async function registerMailRoutes(app: FastifyInstance, mail: MailServices): Promise<void> {
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    scope.addHook('onRequest', requireApiKey(mail.keys, { allowQuery: false }));

    // GET that creates a lease (the published mail API makes it a GET): no automatic HEAD twin
    // that would, too (docs/API.md "GET /api/generate").
    scope.get<{ Querystring: Query }>(
      routes.mailGenerate.path,
      { exposeHeadRoute: false },
      (request) => mail.leases.generate(parseDomainParam(request.query)),
    );

    scope.post<{ Querystring: Query }>(routes.mailGenerateBatch.path, (request) =>
      mail.leases.batch(parseBatchCount(request.query), parseDomainParam(request.query)),
    );

    scope.get<{ Params: EmailParams }>(routes.mailboxLease.path, (request) =>
      mail.leases.lease(request.params.email),
    );

    scope.post<{ Params: EmailParams }>(routes.mailboxExtend.path, (request) =>
      mail.leases.extend(request.params.email),
    );

    scope.post<{ Params: EmailParams }>(routes.mailboxReuse.path, (request) =>
      mail.leases.reuse(request.params.email),
    );

    scope.get<{ Params: EmailParams; Querystring: Query }>(
      routes.mailList.path,
      async (request, reply) => {
        const query = parseReadQuery(request.query);
        const q = parseSearchQuery(request.query);
        if (q !== undefined) {
          if (request.query.wait !== undefined) {
            throw new AppError('MAIL_BAD_REQUEST', 'wait cannot be combined with q.');
          }
          const found = mail.reader.listedSearch(request.params.email, q, query);
          void reply.header(MORE_HEADER, String(found.more));
          return reply.type(JSON_TYPE).send(Buffer.concat(encodeMailArray(found.mails)));
        }
        const waitMs = parseWaitMs(request.query);
        const gone = new AbortController();
        // The response's close also fires when the client hangs up mid-wait.
        if (waitMs > 0) reply.raw.once('close', () => gone.abort());
        // A key revoked mid-wait ends the wait with the 401 a new request would get.
        let revoked = false;
        const release = mail.sessions.hold(keyIdOf(request) ?? -1, () => {
          revoked = true;
          gone.abort();
        });
        const page = await mail.reader
          .waitListed(request.params.email, query, waitMs, gone.signal)
          .finally(release);
        if (revoked) throw keyRevokedError(reply);
        void reply.header(MORE_HEADER, String(page.more));
        return reply.type(JSON_TYPE).send(Buffer.concat(encodeMailArray(page.mails)));
      },
    );

    scope.get<{ Params: EmailParams & { id: string } }>(routes.mailGet.path, (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(mail.reader.full(request.params.email, parseMailId(request.params.id))),
    );

    scope.delete<{ Params: EmailParams }>(routes.mailEmpty.path, (request) =>
      mail.control.empty(request.params.email),
    );

    scope.delete<{ Params: EmailParams & { id: string } }>(routes.mailDelete.path, (request) =>
      mail.control.deleteOne(request.params.email, parseMailId(request.params.id)),
    );

    scope.post<{ Params: EmailParams & { id: string } }>(routes.mailSetRead.path, (request) =>
      mail.control.setRead(
        request.params.email,
        parseMailId(request.params.id),
        parseReadBody(request.body),
      ),
    );

    scope.post<{ Params: EmailParams }>(routes.mailReadAll.path, (request) =>
      mail.control.markAllRead(request.params.email),
    );

    scope.get(routes.mailRaw.path, rawRoute(mail));
    scope.get(routes.mailAttachment.path, attachmentRoute(mail));

    // The BulkResponse schema's shape, written as bytes (listed-json.ts).
    scope.post(routes.mailBulk.path, (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(Buffer.concat(encodeBulk(mail.reader.listedBulk(parseBulkBody(request.body))))),
    );

    done();
  });
}
