import type { FastifyInstance } from 'fastify';
import { AppError, validationError } from '../core/app-error.ts';
import { pydantic } from '../api/pydantic.ts';
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
 * How deep a body's arrays and objects may nest: pydantic's JSON parser stops at the same
 * depth. Deeper bodies are refused as invalid JSON before JSON.parse builds them: a 30 000-level
 * array parses, but then overflows the stack wherever it is walked (a 422 that echoes it back,
 * a schema check), and would answer in Fastify's own shape instead of `{detail}`.
 */
export const MAX_JSON_DEPTH = 200;

/**
 * JSON.parse of a request body: the BOM dropped, nesting bounded (MAX_JSON_DEPTH); a body too
 * deep throws a SyntaxError naming the position, as JSON.parse does for bad syntax.
 */
export function parseJsonBody(text: string): unknown {
  const clean = withoutBom(text);
  const at = tooDeepAt(clean, MAX_JSON_DEPTH);
  if (at >= 0) {
    throw new SyntaxError(
      `Recursion limit exceeded: nested deeper than ${MAX_JSON_DEPTH} levels at position ${at}`,
    );
  }
  return JSON.parse(clean);
}

/** Where `[` or `{` outside a string first opens level `limit + 1`, or -1. */
function tooDeepAt(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
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
      done(null, parseJsonBody(text));
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

/**
 * Mail routes read every body as JSON whatever its content type, and answer bad JSON with a
 * 400 {detail} (docs/API.md "Mail errors"), unlike the video routes' pydantic 422s. Reading
 * text/plain as JSON opens no cross-site hole: every route using this needs an X-API-Key or
 * Authorization header, which no page on another site can send without a CORS preflight that
 * Ephemera never grants, and origin-guard.ts refuses such requests first. Encapsulated: only the
 * plugin this is called in is affected.
 */
export function registerMailBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_req, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, parseJsonBody(text));
      } catch (err) {
        const reason = err instanceof Error ? err.message : 'invalid JSON';
        done(new AppError('MAIL_BAD_REQUEST', `The body is not valid JSON: ${reason}.`), undefined);
      }
    },
  );
}
