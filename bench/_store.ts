import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src-main/db/open-database.ts';
import { MailStore } from '../src-main/mail/mail-store.ts';
import { RawStore } from '../src-main/mail/raw-store.ts';
import { benchMessage } from './mail/smtp-load-plan.ts';
import { parseMessage } from '../src-main/mail/message-parser.ts';
const variant = process.argv[2] ?? 'base';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'st-'));
const db = openDatabase(path.join(dir, 'x.db'));
if (variant.includes('nofts')) db.exec('DROP TRIGGER mail_search_insert');
if (variant.includes('nockpt')) db.pragma('wal_autocheckpoint = 0');
const m = /ck(\d+)/.exec(variant); if (m) db.pragma(`wal_autocheckpoint = ${m[1]}`);
const store = new MailStore(db); const raws = new RawStore(db);
const N = 15000;
const rcpt = Array.from({length:20},(_, i)=>`u${i}@example.test`);
const msgs = Array.from({ length: N }, (_, i) => Buffer.from(benchMessage(rcpt[i%20]!, i, 5120)));
const parsed = await Promise.all(msgs.slice(0, 20).map((m) => parseMessage(m, null)));
let c0 = process.cpuUsage(); let t = performance.now(); const ids: number[] = [];
for (let i = 0; i < N; i += 10) {
  ids.push(...raws.commit(msgs.slice(i, i + 10).map((raw, k) => ({ envelope: { from: 'a@b', recipients: [rcpt[(i+k)%20]!] } as any, raw, receivedAt: Date.now() }))));
  if (i % 2560 === 0) { const k = i; raws.transaction(() => { for (let j = Math.max(0, k - 2560); j < k; j++) { const p = parsed[j % 20]!; store.insert([{ email: rcpt[j%20]!, ...p, receivedAt: Date.now(), code: '123456', link: null, size: 5120, rawId: ids[j]! } as any]); raws.markParsed(ids[j]!); } }); }
}
const ms = performance.now() - t; const cpu = process.cpuUsage(c0);
console.log(variant, 'wall', (ms / N * 1000).toFixed(1), 'µs/mail, CPU', ((cpu.user + cpu.system) / N).toFixed(1), 'µs/mail; wal', (fs.statSync(path.join(dir,'x.db-wal')).size/1e6).toFixed(0), 'MB');
