import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../../src-shared/api/routes.ts';
import { SignInCodeSchema } from '../../src-shared/api/sign-in.ts';
import { ConfigError } from '../app/config.ts';
import { readServerFile } from '../app/server-file.ts';
import { signInLinkAt } from '../app/sign-in-link.ts';
import { systemClock } from '../core/clock.ts';
import { DATABASE_FILE, openDatabase } from '../db/open-database.ts';
import { ApiKeyStore } from '../mail/access/key-store.ts';
import { CliFailure, type CliCommand } from './command.ts';
import { cliDataDir } from './data-dir.ts';

const USAGE = 'sign-in [--data-dir D]';
/** The name of the key that exists only while the command asks for the code. */
export const SIGN_IN_COMMAND_KEY_NAME = 'sign-in command (temporary)';
const ASK_TIMEOUT_MS = 10_000;

/**
 * `sign-in`: a fresh one-time sign-in link from the server running on the data folder (the
 * way back in when the link printed at start was used or expired). The codes live in that
 * server's memory, so it is asked over loopback (POST /api/sign-in-codes) at the address its
 * server.json gives, with a key this command writes to the folder's database and deletes again
 * at once: owning the data folder is the proof, as for `keys create`. A server of another data
 * folder on that address refuses the key, which is then read as "no server on this folder".
 */
export const signInCommand: CliCommand = {
  usage: [USAGE],
  async run(args) {
    const dataDir = parse(args);
    const link = await freshLink(dataDir);
    process.stderr.write(
      'Open this link in a browser on this computer within 10 minutes; it works once:\n',
    );
    process.stdout.write(`${link}\n`);
  },
};

async function freshLink(dataDir: string): Promise<string> {
  const server = readServerFile(dataDir);
  const dbFile = path.join(dataDir, DATABASE_FILE);
  if (!server || !fs.existsSync(dbFile)) throw noServer(dataDir);
  const db = openDatabase(dbFile);
  const keys = new ApiKeyStore(db, systemClock);
  const key = keys.create(SIGN_IN_COMMAND_KEY_NAME);
  try {
    const res = await fetch(new URL(routes.signInCodeCreate.path, server.url), {
      method: 'POST',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      body: JSON.stringify({ purpose: 'sign-in' }),
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    }).catch(() => null);
    if (res === null || res.status === 401) throw noServer(dataDir);
    const parsed = SignInCodeSchema.safeParse(res.status === 201 ? await res.json() : null);
    if (!parsed.success) {
      throw new CliFailure(
        `The server at ${server.url} refused a sign-in code (HTTP ${res.status}).`,
      );
    }
    return signInLinkAt(server.url, parsed.data.code);
  } finally {
    keys.delete(key.id);
    db.close();
  }
}

function noServer(dataDir: string): CliFailure {
  return new CliFailure(
    `No Ephemera server is running on the data folder ${dataDir}.\n` +
      'Start it (npm start, or npm start -- --headless with the same --data-dir): it prints a sign-in link. ' +
      'For another folder, pass --data-dir.',
  );
}

function parse(args: string[]): string {
  try {
    const { values } = parseArgs({
      args,
      options: { 'data-dir': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    return cliDataDir(values['data-dir']);
  } catch (err) {
    throw new ConfigError(
      `${err instanceof Error ? err.message : String(err)}\nUsage:\n  npm run cli -- ${USAGE}`,
    );
  }
}
