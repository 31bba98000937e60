import { z } from 'zod';

/*
 * REST contracts of the server-information and settings endpoints the web UI uses
 * (docs/ui.md, "Backend endpoints the UI needs"). Field names follow the REST API: snake_case,
 * times as UTC ISO 8601.
 */

/** GET /api/info: public facts a client needs before it has an API key. */
export const ServerInfoSchema = z.object({
  version: z.string(),
  /** The base URL on this machine, e.g. `http://127.0.0.1:8787`. */
  http_url: z.string(),
  /** The base URL phones on the LAN use, or null while sharing on the LAN is off. */
  lan_url: z.string().nullable(),
  lan_enabled: z.boolean(),
  smtp_port: z.number().int(),
  domains: z.array(z.string()),
  /**
   * The pool entry New address preselects: the first whose MX records say it receives mail from
   * outside, else the default domain (else the first entry); null with an empty pool.
   */
  default_domain: z.string().nullable(),
  /** True when the request came from this machine (the settings endpoints are loopback-only). */
  client_is_local: z.boolean(),
});
export type ServerInfo = z.infer<typeof ServerInfoSchema>;

const Port = z.number().int().min(1).max(65535);

/** Settings a command-line flag or EPHEMERA_* variable fixed for this run (PATCH gives 409). */
export const LockableSettingSchema = z.enum(['http_port', 'smtp_port', 'proxy', 'data_dir']);
export type LockableSetting = z.infer<typeof LockableSettingSchema>;

/** GET /api/settings and PATCH /api/settings answer. */
export const ServerSettingsSchema = z.object({
  lan_enabled: z.boolean(),
  lan_url: z.string().nullable(),
  http_port: z.number().int(),
  smtp_port: z.number().int(),
  domains: z.array(z.string()),
  /** True when --domain / EPHEMERA_DOMAINS set the pool for this run (the stored list is unused). */
  domains_locked: z.boolean(),
  /** The proxy URL without its password (write-only: given in the URL of a PATCH). */
  proxy: z.string().nullable(),
  /** A password is stored for that proxy (never answered). */
  proxy_password_set: z.boolean(),
  data_dir: z.string(),
  /** A desktop notification when a mail with a code arrives (only the desktop app shows them). */
  code_notifications: z.boolean(),
  /**
   * Host names (no port) the HTTP server answers to besides `localhost`, 127.x.y.z, `[::1]`
   * and, while LAN sharing is on, this computer's LAN addresses. Other Host headers get 403.
   */
  allowed_hosts: z.array(z.string()),
  /** The desktop app checks for new versions (only the installed desktop app does). */
  auto_updates: z.boolean(),
  /** Fields set by a flag or variable for this run; the UI shows them read-only. */
  locked: z.array(LockableSettingSchema),
  /** Changes saved but applied only at the next start (ports, data folder). */
  restart_required: z.boolean(),
});
export type ServerSettings = z.infer<typeof ServerSettingsSchema>;

/** PATCH /api/settings body: any subset of these keys; unknown keys are refused. */
export const ServerSettingsPatchSchema = z
  .object({
    lan_enabled: z.boolean(),
    http_port: Port,
    smtp_port: Port,
    domains: z.array(z.string().min(1).max(253)).max(50),
    proxy: z.union([z.url({ protocol: /^(https?|socks5?)$/ }), z.null()]),
    data_dir: z.string().min(1).max(4096),
    code_notifications: z.boolean(),
    allowed_hosts: z.array(z.string().min(1).max(253)).max(50),
    auto_updates: z.boolean(),
  })
  .partial()
  .strict();
export type ServerSettingsPatch = z.infer<typeof ServerSettingsPatchSchema>;

/** One API key as listed: never the key itself, only its last four characters. */
export const ApiKeyViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string(),
  created_at: z.iso.datetime(),
  disabled_at: z.iso.datetime().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyViewSchema>;

/**
 * GET /api/keys answer. `current_key_id`: the key this request was let in with (the device that
 * asks), so a client can mark it and warn before locking itself out; null when none (IPC).
 */
export const ApiKeyListSchema = z.object({
  keys: z.array(ApiKeyViewSchema),
  current_key_id: z.number().int().nullable(),
});
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** POST /api/keys body. */
export const ApiKeyCreateSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

/** POST /api/keys answer: the key itself is in this answer only. */
export const CreatedApiKeyViewSchema = ApiKeyViewSchema.extend({ key: z.string() });
export type CreatedApiKeyView = z.infer<typeof CreatedApiKeyViewSchema>;

/** GET /api/settings/mx?domain=…: the domain's MX records as DNS answers them. */
export const MxCheckSchema = z.object({
  domain: z.string(),
  records: z.array(z.object({ exchange: z.string(), priority: z.number().int() })),
  /** A sentence when the lookup failed (no record, no DNS), else null. */
  error: z.string().nullable(),
  /** Why, for a client to say in its own language: no MX record, or the lookup failed. */
  problem: z.enum(['no_mx', 'lookup_failed']).nullable(),
});
export type MxCheck = z.infer<typeof MxCheckSchema>;
