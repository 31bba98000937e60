import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '../../src-shared/errors/codes.ts';
import { AppError } from '../core/app-error.ts';
import { BODY_LIMIT_BYTES } from './body-parsers.ts';
import type { Logger } from '../core/logger.ts';

/**
 * The one place errors become HTTP: 422 bodies are `{detail: [...]}`, every other error is
 * `{detail: "<sentence>"}`, and nothing unexpected leaks more than "Internal Server Error".
 */
export function registerErrorHandler(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A refused key says how to present one (RFC 6750), wherever the refusal came from.
      if (error.code === 'MAIL_AUTH_FAILED') void reply.header('www-authenticate', 'Bearer');
      if (error.extra.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      const detail = error.extra.validation ?? error.message;
      const { reason } = error.extra;
      return reply.code(error.status).send(reason ? { detail, reason } : { detail });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(ERROR_STATUS.BODY_TOO_LARGE).send({
        detail: `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB.`,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    logger.error(`${request.method} ${request.url}`, error);
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
}

/** Node's parser errors that have their own status; anything else it finds is a 400. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers are larger than 16 KiB.',
  ],
};

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a request not sent
 * in time, headers too large, bad framing such as an invalid Content-Length), in the same
 * `{detail}` shape, then closes the connection. Nothing is written once a response has begun.
 */
export function sendClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid HTTP.',
  ];
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
