import { z } from 'zod';

/** UTC ISO 8601 with `Z`, as `Date.prototype.toISOString` writes it. */
const IsoTime = z.iso.datetime();

/** A mailbox lease, the same shape in every lease response (docs/API.md "The lease object"). */
export const LeaseSchema = z.object({
  email: z.string(),
  domain: z.string(),
  expires_in_minutes: z.number().int(),
  generated_at: IsoTime,
  expires_at: IsoTime,
  extension_count: z.number().int(),
  max_extension_count: z.number().int(),
});
export type Lease = z.infer<typeof LeaseSchema>;

export const AttachmentSchema = z.object({
  filename: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** One received mail. `id` grows with every mail and works as `after_id`. */
export const MailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  from: z.string().nullable(),
  from_name: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  received_at: IsoTime,
  code: z.string().nullable(),
  /**
   * The http(s) URL to open to verify the address, sign in, finish sign-up, reset a password or
   * approve an action (docs/API.md "The link field"); null when there is none. Never fetched.
   */
  link: z.string().nullable(),
  size: z.number().int(),
  attachments: z.array(AttachmentSchema),
  /** Marked read (POST /api/emails/{email}/{id}/read, or opened in the app); new mail is unread. */
  read: z.boolean(),
  /**
   * True when this copy cut `subject`, `text` or `html` (listings and pushes cut each at a
   * documented length); GET /api/emails/{email}/{id} answers the whole mail, always false.
   */
  truncated: z.boolean(),
  /**
   * Null for a parsed mail. Otherwise why it could not be parsed (over the limit, the parser
   * failed or ran out of memory twice, ...): `text` is then the raw message, `code` and `link`
   * are null, and GET …/raw gives the bytes as received.
   */
  parse_error: z.string().nullable(),
});
export type Mail = z.infer<typeof MailSchema>;

export const MailListSchema = z.array(MailSchema);

/** Answer of DELETE /api/emails/{email}/{id} (always 1) and DELETE /api/emails/{email}. */
export const MailDeletedSchema = z.object({ deleted: z.number().int() });
export type MailDeleted = z.infer<typeof MailDeletedSchema>;

/** Body of POST /api/emails/{email}/{id}/read. */
export const MailReadRequestSchema = z.strictObject({ read: z.boolean() });
/** Its answer: the mail's state now. */
export const MailReadStateSchema = z.object({ id: z.number().int(), read: z.boolean() });
export type MailReadState = z.infer<typeof MailReadStateSchema>;
/** Answer of POST /api/emails/{email}/read-all: how many unread mails it marked read. */
export const MailReadAllSchema = z.object({ marked: z.number().int().min(0) });
export type MailReadAll = z.infer<typeof MailReadAllSchema>;

/** Body of POST /api/emails/bulk; items are checked one by one so one bad item fails alone. */
export const BulkItemSchema = z.object({
  email: z.string(),
  after_id: z.number().int().optional(),
  limit: z.number().int().optional(),
});
export type BulkItem = z.infer<typeof BulkItemSchema>;

export const BulkRequestSchema = z.object({ items: z.array(z.unknown()) });
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

export const BulkResultSchema = z.union([
  /** `more`: mails after the last one returned exist (the byte budget or `limit` cut here). */
  z.object({ email: z.string(), mails: MailListSchema, more: z.boolean() }),
  z.object({ email: z.string().nullable(), error: z.string() }),
]);
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const BulkResponseSchema = z.object({ results: z.array(BulkResultSchema) });
export type BulkResponse = z.infer<typeof BulkResponseSchema>;

/** Messages on /ws/{email}, discriminated by `type` (docs/API.md "WS /ws/{email}"). */
export const WsConnectedSchema = z.object({
  type: z.literal('connected'),
  email: z.string(),
  server_time: IsoTime,
});
export const WsEmailSchema = z.object({ type: z.literal('email'), data: MailSchema });
export const WsHeartbeatSchema = z.object({ type: z.literal('heartbeat'), server_time: IsoTime });
export const WsMessageSchema = z.discriminatedUnion('type', [
  WsConnectedSchema,
  WsEmailSchema,
  WsHeartbeatSchema,
]);
export type WsMessage = z.infer<typeof WsMessageSchema>;
