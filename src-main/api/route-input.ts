import type { z } from 'zod';
import type { InputRefusal, RouteInput } from '../../src-shared/api/route-input.ts';
import {
  routes,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../../src-shared/api/routes.ts';
import { AppError, validationError } from '../core/app-error.ts';
import { pydantic } from './pydantic.ts';

/** A request's query as a carrier hands it over: text, repeated names as arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** The path parameters and query as a URL carries them, before their route's schemas. */
export interface RawInput {
  params: Record<string, string>;
  query: RawQuery;
}

export interface ParsedInput<N extends RouteName> {
  params: ParamsOf<(typeof routes)[N]>;
  query: QueryOf<(typeof routes)[N]>;
}

const BAD_REQUEST: InputRefusal = { kind: 'error', code: 'MAIL_BAD_REQUEST' };

/**
 * A route's path parameters, then its query, through the route's schemas
 * (src-shared/api/route-input.ts): what every carrier does before a handler or a streamed
 * route runs, so each gets checked values and a refusal is the same answer on every carrier.
 */
export function parseRouteInput<N extends RouteName>(name: N, raw: RawInput): ParsedInput<N> {
  const input: RouteInput = routes[name].input;
  return {
    params: parsePart(input, 'params', raw.params) as ParsedInput<N>['params'],
    query: parsePart(input, 'query', raw.query) as ParsedInput<N>['query'],
  };
}

function parsePart(
  input: RouteInput,
  part: 'params' | 'query',
  values: Record<string, unknown>,
): Record<string, unknown> {
  const schema = input[part];
  if (schema === undefined) return {};
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw refusal(input, part, values, parsed.error.issues[0]);
}

/** The first issue as the API's answer for that field (InputRefusal). */
function refusal(
  input: RouteInput,
  part: 'params' | 'query',
  values: Record<string, unknown>,
  issue: z.core.$ZodIssue | undefined,
): AppError {
  const field = String(issue?.path[0] ?? '');
  const how = input.refusals?.[field] ?? BAD_REQUEST;
  const message = issue?.message ?? `${field} is not valid.`;
  if (how.kind === 'error') {
    return new AppError(how.code, message, how.reason === undefined ? {} : { reason: how.reason });
  }
  // pydantic's item for a number FastAPI could not take: its bound, or "not a number".
  const loc = [part === 'params' ? 'path' : 'query', field];
  const raw = values[field];
  if (issue?.code === 'too_small') {
    return validationError([pydantic.greaterEqual(loc, raw, Number(issue.minimum))]);
  }
  if (issue?.code === 'too_big') {
    return validationError([pydantic.lessEqual(loc, raw, Number(issue.maximum))]);
  }
  return validationError([pydantic.numberParsing(loc, raw)]);
}
