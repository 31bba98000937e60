import type { FastifyInstance } from 'fastify';
import type { BulkResponse } from '../../src-shared/mail/schemas.ts';
import type { MailServices } from '../mail/mail-services.ts';
import { keyIdOf, keyRevokedError, requireApiKey } from './mail-auth.ts';
import {
  parseBatchCount,
  parseBulkBody,
  parseReadQuery,
  parseWaitMs,
  registerMailBodyParser,
} from './mail-request.ts';

interface EmailParams {
  email: string;
}
type Query = Record<string, string | string[] | undefined>;

/** The REST endpoints of seed 001 §4, every one behind an API key. */
export async function registerMailRoutes(app: FastifyInstance, mail: MailServices): Promise<void> {
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    scope.addHook('onRequest', requireApiKey(mail.keys, { allowQuery: false }));

    // GET that creates a lease (the seed's choice): no automatic HEAD twin that would, too.
    scope.get('/api/generate', { exposeHeadRoute: false }, () => mail.leases.generate());

    scope.post<{ Querystring: Query }>('/api/generate/batch', (request) =>
      mail.leases.batch(parseBatchCount(request.query)),
    );

    scope.get<{ Params: EmailParams }>('/api/mailboxes/:email/lease', (request) =>
      mail.leases.lease(request.params.email),
    );

    scope.post<{ Params: EmailParams }>('/api/mailboxes/:email/extend', (request) =>
      mail.leases.extend(request.params.email),
    );

    scope.post<{ Params: EmailParams }>('/api/mailboxes/:email/reuse', (request) =>
      mail.leases.reuse(request.params.email),
    );

    scope.get<{ Params: EmailParams; Querystring: Query }>(
      '/api/emails/:email',
      async (request, reply) => {
        const query = parseReadQuery(request.query);
        const waitMs = parseWaitMs(request.query);
        if (waitMs === 0) return mail.reader.list(request.params.email, query);
        const gone = new AbortController();
        // The response's close also fires when the client hangs up mid-wait.
        reply.raw.once('close', () => gone.abort());
        // A key revoked mid-wait ends the wait with the 401 a new request would get.
        let revoked = false;
        const release = mail.sessions.hold(keyIdOf(request) ?? -1, () => {
          revoked = true;
          gone.abort();
        });
        const mails = await mail.reader
          .waitList(request.params.email, query, waitMs, gone.signal)
          .finally(release);
        if (revoked) throw keyRevokedError(reply);
        return mails;
      },
    );

    scope.post('/api/emails/bulk', (request): BulkResponse => {
      return { results: mail.reader.bulk(parseBulkBody(request.body)) };
    });

    done();
  });
}
