import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

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
  domains: z.array(z.string().min(1)),
  headless: z.boolean(),
  proxy: z.string().url().nullable(),
});
export type AppConfig = z.output<typeof AppConfigSchema>;

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;
export const DEFAULT_SMTP_PORT = 2525;

/** The per-user data folder the desktop app uses on each OS. */
export function defaultDataDir(): string {
  const home = os.homedir();
  if (process.platform === 'win32') {
    return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Ephemera');
  }
  if (process.platform === 'darwin') {
    return path.join(home, 'Library', 'Application Support', 'Ephemera');
  }
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'ephemera');
}

/** A command-line or environment value that does not make sense; the message says which. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The services could not start for a reason the user can fix; the message says how. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Reads `--host --port --smtp-port --data-dir --domain… --proxy --headless`, falling back to
 * EPHEMERA_* variables and then to defaults (DESIGN.md §1).
 */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): AppConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'smtp-port': { type: 'string' },
        'data-dir': { type: 'string' },
        domain: { type: 'string', multiple: true },
        proxy: { type: 'string' },
        headless: { type: 'boolean' },
      },
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
    dataDir: values['data-dir'] ?? (env.EPHEMERA_DATA_DIR || defaultDataDir()),
    domains: values.domain ?? envDomains ?? [],
    headless: values.headless ?? false,
    proxy: values.proxy ?? (env.EPHEMERA_PROXY || null),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${issue?.path.join('.') ?? 'option'}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}
