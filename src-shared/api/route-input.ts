import { z } from 'zod';
import type { ErrorCode, SettingsInvalidReason } from '../errors/codes.ts';
import { MAIL_LIMITS } from '../mail/limits.ts';
import { VIDEO_LIMITS } from '../video/limits.ts';

/**
 * The path parameters and query of the routes (src-shared/api/routes.ts), as zod schemas: a
 * URL carries text, so each schema takes the text (or the number the desktop's IPC may hand
 * over) and gives the handler the checked value. Main parses them once, before any handler
 * (src-main/api/route-input.ts); the URL builders take their input type. The messages are the
 * sentences docs/API.md promises; where two values are wrong, the stages (`pipe`) decide
 * which one is named, in the order the API always checked them.
 */

/**
 * How a refused value is answered: an AppError with the issue's message (the default is
 * 400 MAIL_BAD_REQUEST), or the video API's pydantic 422 item for a query value.
 */
export type InputRefusal =
  { kind: 'error'; code: ErrorCode; reason?: SettingsInvalidReason } | { kind: 'pydantic' };

type Shape = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface RouteInput {
  readonly params?: Shape;
  readonly query?: Shape;
  /** By field name: how its refusal is answered, when not a 400 MAIL_BAD_REQUEST. */
  readonly refusals?: Readonly<Record<string, InputRefusal>>;
}

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** A URL value as text: the IPC carrier may hand over a number where a URL has its digits. */
function urlText(error: string | ((issue: { input: unknown }) => string)) {
  return z.union([z.string(), z.number()], { error }).transform(String);
}

/**
 * An integer written in plain digits (a leading `-` allowed, so a negative value gets its range
 * message). `+5`, ` 5`, `5.0`, `5e0` and a repeated parameter are refused: one spelling per
 * number, whatever a client's URL encoder does. `required` names the sentence for an absent one.
 */
function plainDigits(name: string, required?: string) {
  const message = `${name} must be an integer in plain digits, e.g. 5.`;
  const error = ({ input }: { input: unknown }) =>
    input === undefined && required !== undefined ? required : message;
  return urlText(error)
    .pipe(z.string().regex(/^-?\d{1,16}$/, message))
    .transform(Number);
}

/** A safe integer from min to max, with the sentences of mail/read/read-query.ts checkInteger. */
function integerIn(name: string, min: number, max: number) {
  const range = `${name} must be from ${min} to ${max}.`;
  return z
    .number()
    .refine(Number.isSafeInteger, `${name} must be an integer.`)
    .min(min, range)
    .max(max, range);
}

/** An id in the path: digits only, else `message`. */
function pathId(message: string | ((issue: { input: unknown }) => string), digits: number) {
  return urlText(message)
    .pipe(z.string().regex(new RegExp(`^\\d{1,${digits}}$`), { error: message }))
    .transform(Number);
}

/** The `:email` of the mail routes: whether it is an address is the mail service's check. */
const Email = z.string();
/** A mail's `:id`: a positive integer, else 400. */
const MailId = pathId('The mail id must be an integer.', 16).pipe(integerIn('id', 1, MAX_ID));
const Token = z.object({ token: z.string() });
const MailboxParams = z.object({ email: Email });
const MailParams = z.object({ email: Email, id: MailId });

/** `?domain=` of the lease routes: once, not blank (whether the pool has it is the lease's check). */
const domainMessage = 'domain must be one of the mail domains, given once.';
const LeaseDomain = z
  .string({ error: domainMessage })
  .max(320, domainMessage)
  .refine((domain) => domain.trim() !== '', domainMessage);

/** `?wait=S` of a mail listing: 0–30 s, fractions allowed; absent or empty is 0. */
const mailWaitMessage = `wait must be a number of seconds from 0 to ${MAIL_LIMITS.maxWaitSeconds}.`;
const MailWait = urlText(mailWaitMessage)
  .transform(Number)
  .pipe(
    z
      .number({ error: mailWaitMessage })
      .min(0, mailWaitMessage)
      .max(MAIL_LIMITS.maxWaitSeconds, mailWaitMessage),
  );

/**
 * `?after_id=&limit=&q=&wait=` of GET /api/emails/{email}: the numbers' spelling, then their
 * ranges, then `q` (given once, not blank), then `wait` (not with `q`).
 */
const MailListQuery = z
  .object({
    after_id: plainDigits('after_id').optional(),
    limit: plainDigits('limit').optional(),
    q: z.custom<string>().optional(),
    wait: z.custom<string | number>().optional(),
  })
  .pipe(
    z
      .object({
        after_id: integerIn('after_id', 0, MAX_ID).default(0),
        limit: integerIn('limit', 1, MAIL_LIMITS.listMax).default(MAIL_LIMITS.listDefault),
        q: z
          .string({ error: 'Send q once.' })
          .refine((q) => q.trim() !== '', 'q must not be empty.')
          .optional(),
        wait: z.custom<string | number>().optional(),
      })
      .refine((query) => query.q === undefined || query.wait === undefined, {
        message: 'wait cannot be combined with q.',
        path: ['wait'],
      }),
  )
  .pipe(
    z.object({
      after_id: z.number(),
      limit: z.number(),
      q: z.string().optional(),
      wait: MailWait.default(0),
    }),
  );

const idRefusal = (reason: SettingsInvalidReason): Record<string, InputRefusal> => ({
  id: { kind: 'error', code: 'SETTINGS_INVALID', reason },
});
const KeyParams = z.object({
  id: pathId(({ input }) => `"${String(input)}" is not a key id.`, 12),
});
const WebhookParams = z.object({
  id: pathId(({ input }) => `"${String(input).slice(0, 40)}" is not a webhook id.`, 12),
});

/** The input of each route that has a path parameter or a query (routes.ts names them). */
export const ROUTE_INPUT = {
  task: { params: Token },
  taskGet: {
    params: Token,
    // `?wait=S`: seconds to hold the answer, 0 to 30, refused as pydantic would (the video API).
    query: z.object({
      wait: z
        .union([z.string(), z.number()])
        .transform(Number)
        .pipe(z.number().min(0).max(VIDEO_LIMITS.maxWaitSeconds))
        .default(0),
    }),
    refusals: { wait: { kind: 'pydantic' } },
  },
  mailGenerate: { query: z.object({ domain: LeaseDomain.optional() }) },
  mailGenerateBatch: {
    query: z.object({
      count: plainDigits('count', 'count is required.').pipe(
        integerIn('count', MAIL_LIMITS.batchMin, MAIL_LIMITS.batchMax),
      ),
      domain: LeaseDomain.optional(),
    }),
  },
  mailbox: { params: MailboxParams },
  mailList: { params: MailboxParams, query: MailListQuery },
  mail: { params: MailParams },
  mailAttachment: {
    params: MailParams.extend({
      n: pathId('The attachment index must be a number from 0.', 4),
    }),
    refusals: { n: { kind: 'error', code: 'MAIL_NOT_FOUND' } },
  },
  /** `?after_id=` of the WebSocket: absent means live mails only. */
  mailStream: {
    params: MailboxParams,
    query: z.object({
      after_id: plainDigits('after_id')
        .pipe(integerIn('after_id', 0, MAX_ID))
        .optional(),
    }),
  },
  /** `?domain=` of GET /api/settings/mx: checked by the MX lookup, which names a bad one. */
  settingsMx: { query: z.object({ domain: z.string().catch('') }) },
  key: { params: KeyParams, refusals: idRefusal('key_id_invalid') },
  webhook: { params: WebhookParams, refusals: idRefusal('webhook_id_invalid') },
  /** A source's id is the source service's to check (its own `reason`). */
  source: { params: z.object({ id: z.string() }) },
} as const satisfies Record<string, RouteInput>;
