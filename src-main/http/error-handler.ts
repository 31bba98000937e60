import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '../../src-shared/errors/codes.ts';
import { AppError } from '../app/app-error.ts';
import { BODY_LIMIT_BYTES } from './body-parsers.ts';
import type { Logger } from '../app/logger.ts';

/**
 * The one place errors become HTTP: 422 bodies are `{detail: [...]}`, every other error is
 * `{detail: "<sentence>"}`, and nothing unexpected leaks more than "Internal Server Error".
 */
export function registerErrorHandler(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      const detail = error.extra.validation ?? error.message;
      return reply.code(error.status).send({ detail });
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
