import type { FastifyInstance } from 'fastify';
import { validationError } from '../core/app-error.ts';
import { pydantic } from '../core/pydantic.ts';
import { RawBody } from '../core/raw-body.ts';

/** The largest request body read at all; a 4096-character text escaped as \uXXXX fits well. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The body's text without a leading UTF-8 byte order mark, which some Windows tools write
 * before JSON and JSON.parse refuses.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * JSON bodies are parsed here rather than by Fastify so that bad JSON gets FastAPI's
 * `json_invalid` 422 and any other content type gets a 422 instead of a 415.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parseJson = (text: string, done: (err: Error | null, body?: unknown) => void): void => {
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(withoutBom(text)));
    } catch (err) {
      done(jsonError(err), undefined);
    }
  };
  for (const type of ['application/json', /^application\/[\w.+-]+\+json(?:;|$)/]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_req, body, done) => parseJson(body as string, done),
    );
  }
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (req, body, done) => {
      const text = body as string;
      // No content type at all: parse as JSON like FastAPI does, for hand-written scripts.
      if (req.headers['content-type'] === undefined) return parseJson(text, done);
      done(null, text.trim() === '' ? undefined : new RawBody(text));
    },
  );
}

function jsonError(err: unknown): Error {
  const message = err instanceof Error ? err.message : 'Invalid JSON';
  const position = /position (\d+)/.exec(message)?.[1];
  return validationError([pydantic.jsonInvalid(position ? Number(position) : 0, message)]);
}
