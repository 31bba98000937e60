import os from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import type { LockableSetting } from '../../src-shared/api/server-settings.ts';
import { normalizePoolEntry } from '../../src-shared/mail/address.ts';

/** Digits only: an empty or blank value is a mistake, not "any free port". */
const PortSchema = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a number from 0 to 65535')
  .transform(Number)
  .pipe(z.number().int().min(0).max(65535));

/** Everything the services need to start, from flags, then environment, then defaults. */
export const AppConfigSchema = z.object({
  host: z.string().min(1),
  port: PortSchema,
  smtpPort: PortSchema,
  dataDir: z
    .string()
    .min(1)
    .transform((dir) => path.resolve(dir)),
  /** Mail domains (--domain / EPHEMERA_DOMAINS), lower-cased; empty = the stored pool. */
  domains: z.array(
    z.string().transform((raw, ctx) => {
      const domain = normalizePoolEntry(raw);
      if (domain === null) {
        ctx.addIssue({ code: 'custom', message: `"${raw}" is not a valid mail domain` });
        return z.NEVER;
      }
      return domain;
    }),
  ),
  headless: z.boolean(),
  proxy: z.string().url().nullable(),
  /** PEM files for SMTP STARTTLS; both or neither. */
  smtpTlsKey: z.string().min(1).nullable().default(null),
  smtpTlsCert: z.string().min(1).nullable().default(null),
  /** Hours mail is kept after its mailbox expired (default 24; docs/API.md "Retention"). */
  mailRetentionHours: z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, 'must be a number of hours')])
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0)
        .max(24 * 365),
    )
    .default(24),
});
export type AppConfigInput = z.input<typeof AppConfigSchema>;
export type AppConfig = z.output<typeof AppConfigSchema> & {
  /** Settings a flag or variable gave for this run: settings.json does not override them. */
  locked?: LockableSetting[];
  /** The folder holding settings.json: the data folder Ephemera was started with. */
  settingsDir?: string;
};

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;
export const DEFAULT_SMTP_PORT = 2525;

/**
 * The per-user data folder on each OS: inside the user's own profile, which other accounts
 * cannot enter (on Windows that is what keeps it private; POSIX adds 0700 on top). A variable
 * that is empty or relative is ignored, as the XDG spec asks: a relative one would put the data
 * wherever Ephemera happened to be started.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): string {
  if (platform === 'win32') {
    const roaming =
      absolute(path.win32, env.APPDATA) ?? path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(roaming, 'Ephemera');
  }
  if (platform === 'darwin') {
    return path.posix.join(home, 'Library', 'Application Support', 'Ephemera');
  }
  const data = absolute(path.posix, env.XDG_DATA_HOME) ?? path.posix.join(home, '.local', 'share');
  return path.posix.join(data, 'ephemera');
}

function absolute(paths: path.PlatformPath, value: string | undefined): string | null {
  return value && paths.isAbsolute(value) ? value : null;
}

/** A command-line or environment value that does not make sense; the message says which. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Ephemera's command-line options (the desktop entry keeps only these: desktop-args.ts). */
export const CONFIG_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'smtp-port': { type: 'string' },
  'data-dir': { type: 'string' },
  domain: { type: 'string', multiple: true },
  proxy: { type: 'string' },
  headless: { type: 'boolean' },
  'smtp-tls-key': { type: 'string' },
  'smtp-tls-cert': { type: 'string' },
  'mail-retention-hours': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/**
 * Reads `--host --port --smtp-port --data-dir --domain… --proxy --headless`, and the mail
 * options `--smtp-tls-key --smtp-tls-cert --mail-retention-hours`, falling back to
 * EPHEMERA_* variables and then to defaults (docs/ARCHITECTURE.md "Time, configuration,
 * logs"). Scripts and phone set-up guides call these flags, so their names stay stable.
 */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): AppConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: CONFIG_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new ConfigError(err instanceof Error ? err.message : String(err));
  }
  const envDomains = env.EPHEMERA_DOMAINS?.split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const parsed = AppConfigSchema.safeParse({
    host: values.host ?? (env.EPHEMERA_HOST || DEFAULT_HOST),
    port: values.port ?? (env.EPHEMERA_PORT || String(DEFAULT_PORT)),
    smtpPort: values['smtp-port'] ?? (env.EPHEMERA_SMTP_PORT || String(DEFAULT_SMTP_PORT)),
    dataDir: values['data-dir'] ?? (env.EPHEMERA_DATA_DIR || defaultDataDir(process.platform, env)),
    domains: values.domain ?? envDomains ?? [],
    headless: values.headless ?? false,
    proxy: values.proxy ?? (env.EPHEMERA_PROXY || null),
    smtpTlsKey: values['smtp-tls-key'] ?? (env.EPHEMERA_SMTP_TLS_KEY || null),
    smtpTlsCert: values['smtp-tls-cert'] ?? (env.EPHEMERA_SMTP_TLS_CERT || null),
    mailRetentionHours:
      values['mail-retention-hours'] ?? (env.EPHEMERA_MAIL_RETENTION_HOURS || undefined),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${issue?.path.join('.') ?? 'option'}: ${issue?.message ?? ''}`);
  }
  if ((parsed.data.smtpTlsKey === null) !== (parsed.data.smtpTlsCert === null)) {
    throw new ConfigError('--smtp-tls-key and --smtp-tls-cert go together: give both or neither.');
  }
  const given = (flag: string | undefined, variable: string | undefined): boolean =>
    flag !== undefined || Boolean(variable);
  const locked: LockableSetting[] = [];
  if (given(values.port, env.EPHEMERA_PORT)) locked.push('http_port');
  if (given(values['smtp-port'], env.EPHEMERA_SMTP_PORT)) locked.push('smtp_port');
  if (given(values.proxy, env.EPHEMERA_PROXY)) locked.push('proxy');
  if (given(values['data-dir'], env.EPHEMERA_DATA_DIR)) locked.push('data_dir');
  return { ...parsed.data, locked, settingsDir: parsed.data.dataDir };
}
