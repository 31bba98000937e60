import { SignInCodeCreateSchema, SignInCodeSchema } from '../api/sign-in.ts';
import { z } from 'zod';
import { MAIL_LIMITS } from '../mail/limits.ts';
import {
  LeaseSchema,
  MailDeletedSchema,
  MailListSchema,
  MailReadAllSchema,
  MailReadStateSchema,
  MailSchema,
} from '../mail/schemas.ts';
import { RawSourceSchema } from '../mail/raw-source.ts';
import {
  ApiKeyViewSchema,
  CreatedApiKeyViewSchema,
  MxCheckSchema,
  ServerSettingsPatchSchema,
  ServerSettingsSchema,
} from '../api/server-settings.ts';
import { VIDEO_LIMITS } from '../video/limits.ts';
import {
  CapacitySchema,
  TaskCancelledSchema,
  TaskCreatedSchema,
  TaskDiagnosticsSchema,
  TaskSchema,
} from '../video/schemas.ts';
import { AppInfoSchema, LoginItemStateSchema, SaveOutcomeSchema } from './app-schemas.ts';
import {
  CreatedWebhookSchema,
  WebhookCreateSchema,
  WebhookDeliveriesSchema,
  WebhookListSchema,
  WebhookTestResultSchema,
} from '../api/webhooks.ts';
import {
  SourceAuthorizeSchema,
  SourceListSchema,
  SourceSchema,
  SourceTestResultSchema,
} from '../mail/sources.ts';
import { UpdateStateSchema } from './update-schemas.ts';

/** A channel that takes no request. */
const NoRequest = z.undefined();
/** A channel that answers nothing but success. */
const Done = z.null();
/** Bounded only loosely: the mail service itself says why an address is not one. */
const Email = z.string().min(1).max(320);
const MailboxRequest = z.strictObject({ email: Email });
const MailRequest = MailboxRequest.extend({ id: z.number().int().min(1) });
const DomainRequest = z.strictObject({ domain: z.string().min(1).max(253) });
const TaskRequest = z.strictObject({ taskId: z.string().min(1).max(200) });
const KeyRequest = z.strictObject({ id: z.number().int().positive() });
const DomainList = z.array(z.string());
/** Where New address puts its address: a pool entry (MAIL_DOMAIN_UNSUPPORTED otherwise). */
const PoolEntry = z.string().min(1).max(320);
const GenerateRequest = z.strictObject({ domain: PoolEntry.optional() }).optional();
const SourceId = z.string().min(1).max(64);

/**
 * The IPC contract, renderer → main: every channel with the schema its request must pass (main
 * checks it: the renderer is untrusted input) and the schema of its answer. Channel names are
 * `area:action`. Requests follow the REST rules of the same use case; answers are the REST
 * bodies (snake_case) where one exists.
 */
export const IPC_INVOKE_SCHEMAS = {
  'app:info': { request: NoRequest, response: AppInfoSchema },
  'app:copy-text': {
    request: z.strictObject({ text: z.string().min(1).max(10_000) }),
    response: Done,
  },
  /** "Start at login" (desktop only; `available` false in development runs). */
  'desktop:login-item': { request: NoRequest, response: LoginItemStateSchema },
  'desktop:set-login-item': {
    request: z.strictObject({ enabled: z.boolean() }),
    response: LoginItemStateSchema,
  },
  /** Opens the folder of the desktop's log file in the file manager. */
  'desktop:open-logs': { request: NoRequest, response: Done },
  /**
   * Opens a mail's link (the `link` field) in the system browser, never in the app window.
   * http(s) only; main checks the scheme again before handing it to the shell.
   */
  'desktop:open-link': {
    request: z.strictObject({
      url: z
        .string()
        .max(4096)
        .regex(/^https?:\/\//i),
    }),
    response: Done,
  },
  /** Settings → Updates (desktop only): the state, on/off (settings.json), check, restart. */
  'update:state': { request: NoRequest, response: UpdateStateSchema },
  'update:set-enabled': {
    request: z.strictObject({ enabled: z.boolean() }),
    response: UpdateStateSchema,
  },
  'update:check': { request: NoRequest, response: UpdateStateSchema },
  /** Installs a downloaded update and restarts, or opens the download page. */
  'update:apply': { request: NoRequest, response: UpdateStateSchema },
  /** The same settings as GET /api/settings. */
  'settings:get': { request: NoRequest, response: ServerSettingsSchema },
  /** PATCH /api/settings: `lan_enabled` rebinds HTTP and SMTP on the same ports at once. */
  'settings:update': { request: ServerSettingsPatchSchema, response: ServerSettingsSchema },
  'settings:check-mx': { request: DomainRequest, response: MxCheckSchema },

  /** The share text as pasted; checked like POST /api/tasks (link, platform, length). */
  'video:create': { request: z.strictObject({ text: z.string() }), response: TaskCreatedSchema },
  /** With `waitSeconds`, held until the status changes, like `?wait=`. */
  'video:get': {
    request: TaskRequest.extend({
      waitSeconds: z.number().min(0).max(VIDEO_LIMITS.maxWaitSeconds).optional(),
    }),
    response: TaskSchema,
  },
  'video:cancel': { request: TaskRequest, response: TaskCancelledSchema },
  'video:capacity': { request: NoRequest, response: CapacitySchema },
  /** Asks where to save a completed task's video (native dialog) and copies it there. */
  'video:save': { request: TaskRequest, response: SaveOutcomeSchema },
  /** GET /api/tasks/{token}/diagnostics: a finished task's redacted record, for a bug report. */
  'video:diagnostics': { request: TaskRequest, response: TaskDiagnosticsSchema },

  'mail:generate': { request: GenerateRequest, response: LeaseSchema },
  'mail:generate-batch': {
    request: z.strictObject({
      count: z.number().int().min(MAIL_LIMITS.batchMin).max(MAIL_LIMITS.batchMax),
      domain: PoolEntry.optional(),
    }),
    response: z.array(LeaseSchema),
  },
  'mail:lease': { request: MailboxRequest, response: LeaseSchema },
  'mail:extend': { request: MailboxRequest, response: LeaseSchema },
  'mail:reuse': { request: MailboxRequest, response: LeaseSchema },
  /** Ascending ids above `afterId` (default 0), at most `limit` (default 50, max 200). */
  'mail:list': {
    request: MailboxRequest.extend({
      afterId: z.number().int().optional(),
      limit: z.number().int().optional(),
    }),
    response: MailListSchema,
  },
  /** One mail whole (listings cut long bodies and say `truncated: true`). */
  'mail:full': {
    request: MailboxRequest.extend({ id: z.number().int().min(1) }),
    response: MailSchema,
  },
  /** Mails matching the words of `q` (GET /api/emails/{email}?q=), paged like `mail:list`. */
  'mail:search': {
    request: MailboxRequest.extend({
      q: z.string().max(MAIL_LIMITS.searchMaxChars),
      afterId: z.number().int().optional(),
      limit: z.number().int().optional(),
    }),
    response: MailListSchema,
  },
  /** DELETE /api/emails/{email}/{id}. */
  'mail:delete': {
    request: MailboxRequest.extend({ id: z.number().int().min(1) }),
    response: MailDeletedSchema,
  },
  /** DELETE /api/emails/{email}: every mail of the mailbox. */
  'mail:empty': { request: MailboxRequest, response: MailDeletedSchema },
  /** POST /api/emails/{email}/{id}/read. */
  'mail:set-read': {
    request: MailboxRequest.extend({ id: z.number().int().min(1), read: z.boolean() }),
    response: MailReadStateSchema,
  },
  /**
   * Pushes every mail this mailbox receives from now on as `mail:received` (and notifies when it
   * carries a code). Watch first, then `mail:list` to catch up; de-duplicate by id.
   */
  'mail:watch': { request: MailboxRequest, response: Done },
  'mail:unwatch': { request: MailboxRequest, response: Done },
  'mail:domains': { request: NoRequest, response: DomainList },
  /** GET /api/info `default_domain`: the pool entry New address preselects. */
  'mail:default-domain': { request: NoRequest, response: z.string().nullable() },
  /** Asks where to save the raw message (GET …/{id}/raw) and streams it there. */
  'mail:save-raw': { request: MailRequest, response: SaveOutcomeSchema },
  /** Asks where to save attachment `index` (GET …/{id}/attachments/{index}) and writes it. */
  'mail:save-attachment': {
    request: MailRequest.extend({ index: z.number().int().min(0).max(9999) }),
    response: SaveOutcomeSchema,
  },
  /** The first MAIL_LIMITS.rawSourceBytes of the raw message as text, for "Show source". */
  'mail:raw-source': { request: MailRequest, response: RawSourceSchema },

  'keys:list': { request: NoRequest, response: z.array(ApiKeyViewSchema) },
  'keys:create': {
    request: z.strictObject({ name: z.string().trim().min(1).max(100) }),
    response: CreatedApiKeyViewSchema,
  },
  'keys:disable': { request: KeyRequest, response: ApiKeyViewSchema },
  'keys:delete': { request: KeyRequest, response: Done },

  /** The webhook endpoints (GET/POST /api/webhooks, …): the secret only in `webhooks:create`. */
  'webhooks:list': { request: NoRequest, response: WebhookListSchema },
  'webhooks:create': { request: WebhookCreateSchema, response: CreatedWebhookSchema },
  'webhooks:delete': { request: KeyRequest, response: Done },
  'webhooks:deliveries': { request: KeyRequest, response: WebhookDeliveriesSchema },
  'webhooks:test': { request: KeyRequest, response: WebhookTestResultSchema },
  // Mail sources (GET/POST /api/sources, PATCH/DELETE /api/sources/{id}, POST …/test). Bodies
  // are checked by the service itself, so a bad field gets the same `reason` as over REST.
  'sources:list': { request: NoRequest, response: SourceListSchema },
  'sources:create': { request: z.record(z.string(), z.unknown()), response: SourceSchema },
  'sources:update': {
    request: z.strictObject({ id: SourceId, patch: z.record(z.string(), z.unknown()) }),
    response: SourceSchema,
  },
  'sources:delete': { request: z.strictObject({ id: SourceId }), response: Done },
  'sources:test': { request: z.strictObject({ id: SourceId }), response: SourceTestResultSchema },
  'sources:authorize': {
    request: z.strictObject({ id: SourceId }),
    response: SourceAuthorizeSchema,
  },
  /** A one-time code for a pairing QR code or a sign-in link (src-shared/api/sign-in.ts). */
  'keys:sign-in-code': { request: SignInCodeCreateSchema, response: SignInCodeSchema },
  'keys:enable': { request: KeyRequest, response: ApiKeyViewSchema },
  /** POST /api/emails/{email}/read-all. */
  'mail:read-all': { request: MailboxRequest, response: MailReadAllSchema },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Push channels, main → renderer, with the schema of their payload. Past tense. */
export const IPC_EVENT_SCHEMAS = {
  /** A mail committed for a watched mailbox. */
  'mail:received': MailSchema,
  /** The services moved (LAN sharing switched) or their settings changed. */
  'app:changed': AppInfoSchema,
  /** The update state changed (a check ran, a download progressed, the setting moved). */
  'update:changed': UpdateStateSchema,
} as const satisfies Record<string, z.ZodType>;

/** The Result envelope's shape, for a client that wants to check what it received. */
export const IpcResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
]);

type InvokeSchemas = typeof IPC_INVOKE_SCHEMAS;

/** Channel → what the renderer sends, what main's handler receives, and what it answers. */
export type IpcInvokeContract = {
  [C in keyof InvokeSchemas]: {
    request: z.input<InvokeSchemas[C]['request']>;
    parsed: z.output<InvokeSchemas[C]['request']>;
    response: z.output<InvokeSchemas[C]['response']>;
  };
};
export type IpcInvokeChannel = keyof IpcInvokeContract;
export type IpcRequest<C extends IpcInvokeChannel> = IpcInvokeContract[C]['request'];
export type IpcParsedRequest<C extends IpcInvokeChannel> = IpcInvokeContract[C]['parsed'];
export type IpcResponse<C extends IpcInvokeChannel> = IpcInvokeContract[C]['response'];

export type IpcEventContract = {
  [E in keyof typeof IPC_EVENT_SCHEMAS]: z.output<(typeof IPC_EVENT_SCHEMAS)[E]>;
};
export type IpcEventChannel = keyof IpcEventContract;
export type IpcEventPayload<E extends IpcEventChannel> = IpcEventContract[E];
