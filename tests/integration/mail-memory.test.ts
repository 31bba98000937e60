import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BulkResponse, Lease, Mail } from '../../src-shared/mail/schemas.ts';
import { systemClock } from '../../src-main/core/clock.ts';
import { DATABASE_FILE, openDatabase, type Db } from '../../src-main/db/open-database.ts';
import { ApiKeyStore } from '../../src-main/mail/access/key-store.ts';
import { MailStore } from '../../src-main/mail/store/mail-store.ts';
import { HUGE_TEXT_CHARS, storeHugeMails } from '../helpers/mail-fixtures.ts';
import { spawnApp, type SpawnedApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const COUNT = 24;
/**
 * What reading the mailbox every way may add to the server's resident memory. Before the
 * listings were bounded, reading these 24 mails took the process 1.9 GiB past where it
 * started; bounded, about 60 MiB (see also bench/mail-large-mailbox.ts).
 */
const MAX_GROWTH_MIB = 200;

/** A "Name:   1234 kB" field of /proc/<pid>/status, in MiB. */
function procMib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!m) throw new Error(`${field} not in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}

describe.runIf(process.platform === 'linux')(
  'memory of the real server reading 24 mails of ~10 MiB',
  () => {
    let dataDir: string;
    let db: Db;
    let app: SpawnedApp;
    let base: string;
    let key: string;
    let email: string;
    let ids: number[];
    beforeAll(async () => {
      dataDir = makeTempDir();
      db = openDatabase(path.join(dataDir, DATABASE_FILE));
      key = new ApiKeyStore(db, systemClock).create('memory test').key;
      app = await spawnApp(['tests/helpers/child-app.ts'], {
        env: { DATA_DIR: dataDir, SIM_PORT: '9' },
        ready: /^HTTP listening on /,
      });
      base = (app.stdout[0] ?? '').replace('HTTP listening on ', '');
      const res = await fetch(`${base}/api/generate`, { headers: { 'x-api-key': key } });
      email = ((await res.json()) as Lease).email;
      // Written by this process into the server's database, as SMTP would (much faster).
      ids = storeHugeMails(new MailStore(db), email, COUNT).map((m) => m.id);
    }, 120_000);
    afterAll(async () => {
      app.child.kill('SIGKILL');
      await app.exited;
      db.close();
      removeTempDir(dataDir);
    });

    it('lists, bulk, a WebSocket replay and whole mails stay within a bounded amount of memory', async () => {
      const pid = app.child.pid ?? 0;
      const api = (p: string, init: RequestInit = {}): Promise<Response> =>
        fetch(`${base}${p}`, { ...init, headers: { 'x-api-key': key, ...init.headers } });
      const box = `/api/emails/${encodeURIComponent(email)}`;
      // Peak from here on: /proc/<pid>/clear_refs resets VmHWM to the current RSS.
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const before = procMib(pid, 'VmRSS');

      const listed: number[] = [];
      for (let after = 0, round = 0; round <= COUNT; round++) {
        const res = await api(`${box}?limit=200&after_id=${after}`);
        const mails = (await res.json()) as Mail[];
        listed.push(...mails.map((m) => m.id));
        after = mails.at(-1)?.id ?? after;
        if (res.headers.get('x-ephemera-more') !== 'true') break;
      }
      const bulked: number[] = [];
      for (let after = 0, round = 0; round <= COUNT; round++) {
        const res = await api('/api/emails/bulk', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ email, after_id: after, limit: 200 }] }),
        });
        expect(res.status).toBe(200);
        const [result] = ((await res.json()) as BulkResponse).results;
        if (!result || !('mails' in result)) throw new Error('bulk item failed');
        bulked.push(...result.mails.map((m) => m.id));
        after = result.mails.at(-1)?.id ?? after;
        if (!result.more) break;
      }
      const replayed = await new Promise<number[]>((resolve, reject) => {
        const ws = new WebSocket(
          `${base.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${key}&after_id=0`,
        );
        const got: number[] = [];
        ws.on('message', (data: Buffer) => {
          const msg = JSON.parse(data.toString('utf8')) as { type: string; data?: Mail };
          if (msg.type === 'email' && msg.data) got.push(msg.data.id);
          if (got.length === COUNT) ws.close();
        });
        ws.once('close', () => resolve(got));
        ws.once('error', reject);
      });
      const wholes = await Promise.all(
        ids
          .slice(0, 4)
          .map(async (id) => ((await (await api(`${box}/${id}`)).json()) as Mail).text),
      );

      const growth = procMib(pid, 'VmHWM') - before;
      // Measured: about 60 MiB here; 1.9 GiB before listings were bounded.
      expect(growth).toBeLessThan(MAX_GROWTH_MIB);
      expect(listed).toEqual(ids);
      expect(bulked).toEqual(ids);
      expect(replayed).toEqual(ids);
      expect(wholes.map((t) => t?.length)).toEqual(Array(4).fill(HUGE_TEXT_CHARS));
    }, 120_000);
  },
);
