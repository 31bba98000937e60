import type { ValidationItem } from '../../src-shared/api/errors.ts';

/**
 * Builders for the pydantic-v2 validation items FastAPI puts in a 422 body, with pydantic's own
 * type names and messages, so clients written against FastAPI services parse ours unchanged.
 */
export const pydantic = {
  missing: (loc: ValidationItem['loc'], input: unknown): ValidationItem => ({
    type: 'missing',
    loc,
    msg: 'Field required',
    input,
  }),
  stringType: (loc: ValidationItem['loc'], input: unknown): ValidationItem => ({
    type: 'string_type',
    loc,
    msg: 'Input should be a valid string',
    input,
  }),
  tooShort: (loc: ValidationItem['loc'], input: unknown, min: number): ValidationItem => ({
    type: 'string_too_short',
    loc,
    msg: `String should have at least ${min} character${min === 1 ? '' : 's'}`,
    input,
    ctx: { min_length: min },
  }),
  tooLong: (loc: ValidationItem['loc'], input: unknown, max: number): ValidationItem => ({
    type: 'string_too_long',
    loc,
    msg: `String should have at most ${max} characters`,
    input,
    ctx: { max_length: max },
  }),
  jsonInvalid: (position: number, error: string): ValidationItem => ({
    type: 'json_invalid',
    loc: ['body', position],
    msg: 'JSON decode error',
    input: {},
    ctx: { error },
  }),
  notAnObject: (input: unknown): ValidationItem => ({
    type: 'model_attributes_type',
    loc: ['body'],
    msg: 'Input should be a valid dictionary or object to extract fields from',
    input,
  }),
  numberParsing: (loc: ValidationItem['loc'], input: unknown): ValidationItem => ({
    type: 'float_parsing',
    loc,
    msg: 'Input should be a valid number, unable to parse string as a number',
    input,
  }),
  greaterEqual: (loc: ValidationItem['loc'], input: unknown, ge: number): ValidationItem => ({
    type: 'greater_than_equal',
    loc,
    msg: `Input should be greater than or equal to ${ge}`,
    input,
    ctx: { ge },
  }),
  lessEqual: (loc: ValidationItem['loc'], input: unknown, le: number): ValidationItem => ({
    type: 'less_than_equal',
    loc,
    msg: `Input should be less than or equal to ${le}`,
    input,
    ctx: { le },
  }),
};
