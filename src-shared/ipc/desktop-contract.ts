import { z } from 'zod';
import { routes, type RouteName } from '../api/routes.ts';
import { RawSourceSchema } from '../mail/raw-source.ts';
import { MailSchema } from '../mail/schemas.ts';
import { AppInfoSchema, LoginItemStateSchema, SaveOutcomeSchema } from './app-schemas.ts';
import { UpdateStateSchema } from './update-schemas.ts';

/** A channel that takes no request. */
const NoRequest = z.undefined();
/** A channel that answers nothing but success. */
const Done = z.null();
/** Bounded only loosely: the mail service itself says why an address is not one. */
const Email = z.string().min(1).max(320);
const MailboxRequest = z.strictObject({ email: Email });
const MailRequest = MailboxRequest.extend({ id: z.number().int().min(1) });
const TaskRequest = z.strictObject({ taskId: z.string().min(1).max(200) });

const ROUTE_NAMES = Object.keys(routes) as [RouteName, ...RouteName[]];
/** A path parameter or query value as the client has it; main reads it as URL text. */
const UrlValue = z.union([z.string().max(4096), z.number()]);

/**
 * `api:call`: one route of the REST table (src-shared/api/routes.ts) carried over IPC, with
 * the path parameters and query the URL would carry and the JSON body. Main runs the same
 * handler as the HTTP server (src-main/api/), so the answer is the REST body and a failure
 * has the REST error's code.
 */
export const ApiCallSchema = z.strictObject({
  route: z.enum(ROUTE_NAMES),
  params: z.record(z.string(), UrlValue).optional(),
  query: z.record(z.string(), UrlValue.optional()).optional(),
  body: z.unknown().optional(),
});
export type ApiCall = z.input<typeof ApiCallSchema>;

/**
 * The IPC contract, renderer → main: the generic `api:call`, and what only the desktop app
 * has (its window, the native save dialog, start at login, updates, live mail pushes), each
 * with the schema its request must pass (main checks it: the renderer is untrusted input) and
 * the schema of its answer. Channel names are `area:action`.
 */
export const IPC_INVOKE_SCHEMAS = {
  'api:call': { request: ApiCallSchema, response: z.unknown() },
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
  /** Asks where to save a completed task's video (native dialog) and copies it there. */
  'video:save': { request: TaskRequest, response: SaveOutcomeSchema },
  /**
   * Pushes every mail this mailbox receives from now on as `mail:received` (and notifies when it
   * carries a code). Watch first, then list (route `mailList`) to catch up; de-duplicate by id.
   */
  'mail:watch': { request: MailboxRequest, response: Done },
  'mail:unwatch': { request: MailboxRequest, response: Done },
  /** Asks where to save the raw message (GET …/{id}/raw) and streams it there. */
  'mail:save-raw': { request: MailRequest, response: SaveOutcomeSchema },
  /** Asks where to save attachment `index` (GET …/{id}/attachments/{index}) and writes it. */
  'mail:save-attachment': {
    request: MailRequest.extend({ index: z.number().int().min(0).max(9999) }),
    response: SaveOutcomeSchema,
  },
  /** The first MAIL_LIMITS.rawSourceBytes of the raw message as text, for "Show source". */
  'mail:raw-source': { request: MailRequest, response: RawSourceSchema },
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
