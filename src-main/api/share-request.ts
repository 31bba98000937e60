import type { ValidationItem } from '../../src-shared/api/errors.ts';
import type { Platform } from '../../src-shared/video/schemas.ts';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import { validationError } from '../core/app-error.ts';
import { classifyLink } from '../video/link-classifier.ts';
import { extractLink } from '../video/share-link.ts';
import { RawBody } from '../core/raw-body.ts';
import { pydantic } from './pydantic.ts';

/** A share request that passed validation: the platform and the link to fetch. */
export interface AcceptedShare {
  platform: Platform;
  url: string;
}

const TEXT_LOC = ['body', 'text'];

/**
 * Validates the body of POST /api/tasks in FastAPI's order: body shape, then the `text` field's
 * type and length (in Unicode code points, as pydantic counts), then the link in it.
 */
export function parseShareRequest(body: unknown): AcceptedShare {
  if (body === undefined) throw validationError([pydantic.missing(['body'], null)]);
  if (body instanceof RawBody) throw validationError([pydantic.notAnObject(body.text)]);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([pydantic.notAnObject(body)]);
  }
  if (!('text' in body)) throw validationError([pydantic.missing(TEXT_LOC, body)]);
  const text: unknown = body.text;
  if (typeof text !== 'string') throw validationError([pydantic.stringType(TEXT_LOC, text)]);
  const length = [...text].length;
  if (length < VIDEO_LIMITS.textMinChars) {
    throw validationError([pydantic.tooShort(TEXT_LOC, text, VIDEO_LIMITS.textMinChars)]);
  }
  if (length > VIDEO_LIMITS.textMaxChars) {
    throw validationError([pydantic.tooLong(TEXT_LOC, text, VIDEO_LIMITS.textMaxChars)]);
  }
  const link = extractLink(text);
  if (!link.ok) throw validationError([linkItem(link.type, link.message, text)]);
  const classified = classifyLink(link.url);
  if (!classified.ok)
    throw validationError([linkItem(classified.type, classified.message, link.url)]);
  return { platform: classified.platform, url: classified.url.href };
}

function linkItem(type: string, msg: string, input: string): ValidationItem {
  return { type, loc: TEXT_LOC, msg, input };
}
