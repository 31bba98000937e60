import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import type {
  Source,
  SourceAuthorize,
  SourceCreate,
  SourcePatch,
  SourceTestResult,
} from '../../src-shared/mail/sources.ts';
import type { SignInCode, SignInCodeInfo, SignInPurpose } from '../../src-shared/api/sign-in.ts';
import type { RawSource } from '../../src-shared/mail/raw-source.ts';
import type {
  ApiKeyView as ApiKeyInfo,
  CreatedApiKeyView as CreatedApiKey,
  MxCheck,
  ServerInfo,
  ServerSettings as Settings,
  ServerSettingsPatch as SettingsPatch,
} from '../../src-shared/api/server-settings.ts';
import type {
  Capacity,
  Task,
  TaskCreated,
  TaskDiagnostics,
} from '../../src-shared/video/schemas.ts';
import type { AppInfo, LoginItemState } from '../../src-shared/ipc/app-schemas.ts';
import type {
  CreatedWebhook,
  WebhookAttempt,
  WebhookCreate,
  WebhookDeliveries,
  WebhookView,
} from '../../src-shared/api/webhooks.ts';

export type { CreatedWebhook, WebhookAttempt, WebhookCreate, WebhookDeliveries, WebhookView };
import type { UpdateState } from '../../src-shared/ipc/update-schemas.ts';

/** A port another program held when the desktop app started, and the one used instead. */
export type PortChange = AppInfo['portChanges'][number];
export type { LoginItemState, UpdateState };

/** Settings → Updates (desktop app only). */
export interface UpdatesApi {
  state(): Promise<UpdateState>;
  setEnabled(enabled: boolean): Promise<UpdateState>;
  check(): Promise<UpdateState>;
  /** Restart to update, or open the download page. */
  apply(): Promise<UpdateState>;
  /** Pushed changes (progress, results); returns the unsubscribe function. */
  onChange(listener: (state: UpdateState) => void): () => void;
}

/** What only the desktop app has (null in a browser). */
export interface DesktopApi {
  /** Ports that had to change at this start (a banner says so). */
  portChanges(): PortChange[];
  loginItem(): Promise<LoginItemState>;
  setLoginItem(enabled: boolean): Promise<LoginItemState>;
  openLogsFolder(): Promise<void>;
  /** Opens a mail's link in the system browser (never in the app window). */
  openLink(url: string): Promise<void>;
  updates: UpdatesApi;
}

export type { ApiKeyInfo, Capacity, CreatedApiKey, Lease, Mail, MxCheck, ServerInfo, Settings };
export type { RawSource, SettingsPatch, Task, TaskCreated };

/** State of a live mail subscription, for the "live" indicator. */
/** The most mails one `mail.list` call returns (the server's largest `limit`). */
export const MAIL_PAGE = 200;

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface MailSubscription {
  /** Each mail with an id above the last one seen, in ascending order, exactly once. */
  onMail(mail: Mail): void;
  onStatus(status: LiveStatus): void;
}

/** Where a finished video can go: a plain link (browser) or a native save dialog (Electron). */
export type SaveOutcome = 'saved' | 'cancelled';

/** Asks the person for an API key; resolves null when they decline. */
export type KeyPrompt = (reason: {
  invalid: boolean;
  message: string | null;
}) => Promise<string | null>;

/**
 * Everything the UI can ask of the services. Two implementations: REST + WebSocket in a
 * browser (http-transport.ts) and IPC inside Electron (ipc-transport.ts).
 */
export interface EphemeraApi {
  readonly transport: 'http' | 'ipc';
  /** Start at login, logs, port notices: the desktop app only. */
  readonly desktop: DesktopApi | null;
  info(): Promise<ServerInfo>;
  /** The server's clock now, in ms (whole seconds over HTTP: GET /api/health's server_time). */
  serverTime(): Promise<number>;
  video: {
    create(text: string): Promise<TaskCreated>;
    get(taskId: string): Promise<Task>;
    cancel(taskId: string): Promise<void>;
    capacity(): Promise<Capacity>;
    /** A finished task's redacted diagnostics record (409 while it runs, 410 once gone). */
    diagnostics(taskId: string): Promise<TaskDiagnostics>;
    /** An absolute URL for a relative media path (`media.preview_url` …). */
    mediaUrl(path: string): string;
    /** Set only where a native save dialog exists; otherwise the UI links to download_url. */
    save: ((task: Task) => Promise<SaveOutcome>) | null;
  };
  mail: {
    /** A new address on `domain` (a pool entry), else on one drawn from the pool. */
    generate(domain?: string): Promise<Lease>;
    batch(count: number, domain?: string): Promise<Lease[]>;
    lease(email: string): Promise<Lease>;
    extend(email: string): Promise<Lease>;
    reuse(email: string): Promise<Lease>;
    /** Up to MAIL_PAGE mails with `id > afterId`, oldest first. */
    list(email: string, afterId: number): Promise<Mail[]>;
    /** One mail whole: listings and pushes cut long bodies (`truncated: true`). */
    full(email: string, id: number): Promise<Mail>;
    /** Mails matching every word of `q`, ascending ids above `afterId` (one page). */
    search(email: string, q: string, afterId: number): Promise<Mail[]>;
    delete(email: string, id: number): Promise<void>;
    /** Deletes every mail of the mailbox; resolves how many. */
    empty(email: string): Promise<number>;
    setRead(email: string, id: number, read: boolean): Promise<void>;
    /** Every unread mail of the mailbox read, in one request; how many were unread. */
    readAll(email: string): Promise<number>;
    /**
     * Saves the raw message (.eml): a download in a browser (always 'saved': the browser's
     * own prompt is out of sight), the native save dialog in the desktop app.
     */
    saveRaw(mail: Mail): Promise<SaveOutcome>;
    /** Saves attachment `index` (0-based, as in `mail.attachments`), like saveRaw. */
    saveAttachment(mail: Mail, index: number): Promise<SaveOutcome>;
    /** The start of the raw message as text (at most MAIL_LIMITS.rawSourceBytes). */
    rawSource(email: string, id: number): Promise<RawSource>;
    /** Live mail from `afterId` on (stored ones first); returns the unsubscribe function. */
    subscribe(email: string, afterId: number, handlers: MailSubscription): () => void;
  };
  settings: {
    get(): Promise<Settings>;
    update(patch: SettingsPatch): Promise<Settings>;
    checkMx(domain: string): Promise<MxCheck>;
    /** The keys, and the id of the one this device uses (null in the desktop window). */
    listKeys(): Promise<{ keys: ApiKeyInfo[]; currentKeyId: number | null }>;
    createKey(name: string): Promise<CreatedApiKey>;
    disableKey(id: number): Promise<ApiKeyInfo>;
    deleteKey(id: number): Promise<void>;
    enableKey(id: number): Promise<ApiKeyInfo>;
    /** A one-time code that a link carries instead of a key (POST /api/sign-in-codes). */
    createSignInCode(purpose: SignInPurpose, name?: string): Promise<SignInCode>;
  };
  /** Webhook endpoints (Settings → Webhooks); the secret comes only from `create`. */
  webhooks: {
    list(): Promise<WebhookView[]>;
    create(request: WebhookCreate): Promise<CreatedWebhook>;
    delete(id: number): Promise<void>;
    deliveries(id: number): Promise<WebhookDeliveries>;
    /** Sends a `webhook.test` event; resolves with its first try. */
    test(id: number): Promise<WebhookAttempt>;
  };
  /** Settings → Receive mail: mail sources (IMAP). */
  sources: {
    list(): Promise<Source[]>;
    create(body: SourceCreate): Promise<Source>;
    update(id: string, patch: SourcePatch): Promise<Source>;
    remove(id: string): Promise<void>;
    test(id: string): Promise<SourceTestResult>;
    /** Starts an OAuth sign-in: the code to enter, or the URL to open. */
    authorize(id: string): Promise<SourceAuthorize>;
    /** Ends the sign-in under way: the provider is asked no more. */
    cancelAuthorize(id: string): Promise<void>;
  };
  auth: {
    /** False where no key is needed (Electron). */
    readonly needsKey: boolean;
    hasKey(): boolean;
    /** Stores a key on this device, with the name it was paired under (if any). */
    setKey(key: string, name?: string | null): void;
    /** The name this device was paired as (pairing link), or null. */
    keyName(): string | null;
    /** The last four characters of the stored key (as Settings → API keys shows them), or null. */
    keyHint(): string | null;
    /** What a sign-in code would give, without using it (SIGN_IN_CODE_INVALID when dead). */
    checkSignInCode(code: string): Promise<SignInCodeInfo>;
    /** Exchanges a sign-in code for a new key (not stored: the caller decides). */
    redeemSignInCode(code: string): Promise<CreatedApiKey>;
    forgetKey(): void;
    /** The UI's dialog, called when a mail or settings call needs a key. */
    setPrompt(prompt: KeyPrompt): void;
  };
}
