import { z } from 'zod';

/** One item of a FastAPI/pydantic-v2 shaped 422 body. */
export const ValidationItemSchema = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number().int()])),
  msg: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationItem = z.infer<typeof ValidationItemSchema>;

/** 422 body: always an array under `detail`. */
export const ValidationErrorBodySchema = z.object({ detail: z.array(ValidationItemSchema) });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;

/** Every other error body: one sentence for a person. */
export const ErrorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Link problems reported inside a 422 body (docs/API.md "422 validation errors"). */
export const LinkErrorTypeSchema = z.enum([
  'link_missing',
  'link_multiple',
  'platform_unsupported',
  'not_single_video',
]);
export type LinkErrorType = z.infer<typeof LinkErrorTypeSchema>;
