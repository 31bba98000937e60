import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock } from '../core/clock.ts';
import { ConfigError } from '../app/config.ts';
import { DATABASE_FILE, openDatabase } from '../db/open-database.ts';
import { ApiKeyStore, type ApiKeyInfo } from '../mail/access/key-store.ts';
import type { CliCommand } from './command.ts';
import { cliDataDir } from './data-dir.ts';

const USAGE = [
  'keys create [--name N] [--data-dir D]',
  'keys list [--data-dir D]',
  'keys disable ID [--data-dir D]',
  'keys enable ID [--data-dir D]',
  'keys delete ID [--data-dir D]',
];

/**
 * `keys`: API keys of the mail service, on the data folder a running server may be using (WAL
 * lets both write; a disabled or deleted key stops working on the server's next request).
 */
export const keysCommand: CliCommand = {
  usage: USAGE,
  async run(args) {
    const { action, id, name, dataDir } = parse(args);
    const db = openDatabase(path.join(dataDir, DATABASE_FILE));
    try {
      const keys = new ApiKeyStore(db, systemClock);
      const out = (line: string): boolean => process.stdout.write(`${line}\n`);
      if (action === 'create') {
        const created = keys.create(name ?? 'cli');
        process.stderr.write(
          `Created key ${created.id} "${created.name}". It is shown only once:\n`,
        );
        out(created.key);
      } else if (action === 'list') {
        const all = keys.list();
        if (all.length === 0) out('No API keys.');
        for (const key of all) out(describe(key));
      } else if (action === 'disable' || action === 'enable' || action === 'delete') {
        const done =
          action === 'disable'
            ? keys.disable(id)
            : action === 'enable'
              ? keys.enable(id)
              : keys.delete(id);
        // Not a usage error (exit 1, not 2): the command was right, the key is not there.
        if (!done) throw new Error(`No API key with id ${id}; see "keys list".`);
        out(`Key ${id} ${action}d.`);
      }
    } finally {
      db.close();
    }
    return Promise.resolve();
  },
};

function parse(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { name: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new ConfigError(err instanceof Error ? err.message : String(err));
  }
  const [action, rawId, ...extra] = parsed.positionals;
  const usage = `Usage:\n${USAGE.map((u) => `  npm run cli -- ${u}`).join('\n')}`;
  if (
    !['create', 'list', 'disable', 'enable', 'delete'].includes(action ?? '') ||
    extra.length > 0
  ) {
    throw new ConfigError(usage);
  }
  const needsId = action === 'disable' || action === 'enable' || action === 'delete';
  if (needsId !== (rawId !== undefined) || (needsId && !/^\d+$/.test(rawId ?? ''))) {
    throw new ConfigError(needsId ? `keys ${action} needs a numeric key ID.\n${usage}` : usage);
  }
  const dataDir = cliDataDir(parsed.values['data-dir']);
  return { action, id: Number(rawId), name: parsed.values.name, dataDir };
}

function describe(key: ApiKeyInfo): string {
  const state = key.disabledAt === null ? 'enabled' : `disabled ${iso(key.disabledAt)}`;
  return `${key.id}\t${key.name}\t…${key.hint}\tcreated ${iso(key.createdAt)}\t${state}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
