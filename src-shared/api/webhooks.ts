import { z } from 'zod';

/*
 * REST contracts of the webhook endpoints (docs/API.md "Webhooks"): the user's own automations
 * get each new mail as a signed POST (Standard Webhooks). Field names snake_case, times UTC ISO.
 */

const IsoTime = z.iso.datetime();

/** The numbers that bound webhooks. */
export const WEBHOOK_LIMITS = {
  /** Endpoints at once. */
  maxEndpoints: 20,
  urlMaxChars: 2048,
  descriptionMaxChars: 200,
  /** Events waiting per endpoint; a new event past this is dropped (and logged). */
  maxPendingPerEndpoint: 1_000,
  /** Attempts kept per endpoint for GET …/deliveries (the newest). */
  keptAttempts: 100,
  /** Attempts GET …/deliveries answers. */
  listedAttempts: 50,
  /** One attempt's deadline: connect, send, headers and the body read. */
  timeoutMs: 10_000,
  /** Reply bytes read before the rest is ignored. */
  replyBytes: 64 * 1024,
  /** After a failure, the waits before the next tries; then `lastDelayMs` until `giveUpMs`. */
  delaysMs: [5_000, 30_000, 120_000, 600_000, 3_600_000],
  lastDelayMs: 2 * 3_600_000,
  /** An event not delivered this long after it was made is given up. */
  giveUpMs: 24 * 3_600_000,
} as const;

/** Body of POST /api/webhooks. */
export const WebhookCreateSchema = z.strictObject({
  url: z.string(),
  description: z.string().max(WEBHOOK_LIMITS.descriptionMaxChars).optional(),
});
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

/** One endpoint as listed: never its secret. */
export const WebhookViewSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  created_at: IsoTime,
});
export type WebhookView = z.infer<typeof WebhookViewSchema>;

/** Answer of POST /api/webhooks: the only time the secret (`whsec_…`) is shown. */
export const CreatedWebhookSchema = WebhookViewSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookListSchema = z.array(WebhookViewSchema);

export const WebhookEventStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookEventState = z.infer<typeof WebhookEventStateSchema>;

/** One try at delivering one event. */
export const WebhookAttemptSchema = z.object({
  /** The event's `webhook-id` (the same on every try of it). */
  event_id: z.string(),
  type: z.string(),
  attempted_at: IsoTime,
  /** The receiver's HTTP status, or null when none came (see `error`). */
  status_code: z.number().int().nullable(),
  /** Why this try failed, in words; null when it succeeded (a 2xx). */
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  /** The event now: still to be tried, delivered, or given up (24 h). */
  event_state: WebhookEventStateSchema,
  /** When it is tried next (pending events only). */
  next_attempt_at: IsoTime.nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** GET /api/webhooks/{id}/deliveries: the newest attempts first. */
export const WebhookDeliveriesSchema = z.object({
  /** Events waiting for their next try (including those never tried yet). */
  pending: z.number().int(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDeliveries = z.infer<typeof WebhookDeliveriesSchema>;

/** Answer of POST /api/webhooks/{id}/test: the first try of a `webhook.test` event. */
export const WebhookTestResultSchema = WebhookAttemptSchema;
export type WebhookTestResult = z.infer<typeof WebhookTestResultSchema>;

/** The `data` of a `mail.received` event. */
export const MailReceivedDataSchema = z.object({
  email: z.string(),
  id: z.number().int(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  received_at: IsoTime,
});

/** The JSON body of every POST to an endpoint. */
export const WebhookEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mail.received'), timestamp: IsoTime, data: MailReceivedDataSchema }),
  z.object({
    type: z.literal('webhook.test'),
    timestamp: IsoTime,
    data: z.object({ webhook_id: z.number().int() }),
  }),
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
