import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import WebSocket from 'ws';
import type { BulkResponse, Lease, Mail } from '../src-shared/mail/schemas.ts';
import { procStatusMb } from './lib/child-process.ts';
import { buildMainBundle, startHeadless } from './lib/headless-app.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const MiB = 1024 * 1024;
/** The scenario: anyone who can reach the SMTP port fills one mailbox with mails of ~10 MiB. */
const COUNT = Number(process.env.LARGE_MAILS ?? 24);
const PART_BYTES = Math.floor(4.9 * MiB);
/** Readers at once in the read phase (list, bulk and whole-mail loops). */
const PARALLEL = 4;
const GOAL_READ_MB = 300;
const GOAL_INGEST_MB = 400;

/**
 * Peak memory (VmHWM) of the real headless process, from the esbuild bundle, while a mailbox
 * receives COUNT mails just under the 10 MiB SMTP limit (text and html parts of ~4.9 MiB), then
 * while it is read every way a client can: GET lists followed by after_id, bulk, a WebSocket
 * replay from after_id=0, and every mail whole by id, PARALLEL readers at a time. The peak is
 * reset between the two phases (/proc/<pid>/clear_refs), so each number is its own phase's.
 */
export async function benchMailLargeMailbox(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-bench-large-'));
  buildMainBundle();
  let app = await startHeadless(dataDir, true);
  try {
    const key = app.key;
    if (!key) throw new Error('no API key printed on the first run');
    const api = (p: string, init: RequestInit = {}): Promise<Response> =>
      fetch(`${app.base}${p}`, { ...init, headers: { 'x-api-key': key, ...init.headers } });
    const lease = (await (await api('/api/generate')).json()) as Lease;
    const startMb = procStatusMb(app.child.pid, 'VmRSS');

    const ingestStart = performance.now();
    await ingest(app.smtpPort, lease.email);
    const smtpSeconds = (performance.now() - ingestStart) / 1000;
    await untilListed(api, lease.email);
    const ingestSeconds = (performance.now() - ingestStart) / 1000;
    const ingestPeak = procStatusMb(app.child.pid, 'VmHWM');
    const afterIngest = procStatusMb(app.child.pid, 'VmRSS');

    // Read from a fresh process on the same data: the ingest's parse workers and the heap V8
    // keeps after it would otherwise hide what reading costs. SMTP answers 250 once the raw
    // message is stored and parses it afterwards, so the ingest phase lasts until every mail
    // is listed: otherwise the fresh process would start by parsing the rest, and its parse
    // workers would be counted as reading.
    await app.child.stop(10_000);
    app = await startHeadless(dataDir, false);
    const pid = app.child.pid;
    const readStartMb = procStatusMb(pid, 'VmRSS');
    const peaks: string[] = [];
    const phase = (name: string): void => {
      peaks.push(`${name} ${fmt(procStatusMb(pid, 'VmHWM'))}`);
    };
    const readStart = performance.now();
    const read = await readEveryWay(app.base, key, api, lease.email, phase);
    const readSeconds = (performance.now() - readStart) / 1000;
    const readPeak = procStatusMb(pid, 'VmHWM');
    console.log(
      `${COUNT} mails of ${fmt((2 * PART_BYTES) / MiB)} MiB: SMTP ${fmt(smtpSeconds)} s, all ` +
        `listed after ${fmt(ingestSeconds)} s, RSS ` +
        `${fmt(startMb)} → peak ${fmt(ingestPeak)} → ${fmt(afterIngest)} MiB after; reads (fresh ` +
        `process, RSS ${fmt(readStartMb)} MiB) ${fmt(readSeconds)} s, peak after ` +
        `${peaks.join(', ')} MiB; ${read.note}`,
    );
    return [
      {
        name: `large mailbox: peak RSS receiving ${COUNT} × ~10 MiB over SMTP`,
        unit: 'MB',
        ours: ingestPeak,
        baseline: null,
        ratio: null,
        goal: `≤ ${GOAL_INGEST_MB} MB`,
        pass: ingestPeak <= GOAL_INGEST_MB,
        note: `VmHWM (MiB) of the headless process, until every mail is listed; ${fmt(ingestSeconds)} s`,
      },
      {
        name: `large mailbox: peak RSS reading it (list, bulk, WS, whole) × ${PARALLEL}`,
        unit: 'MB',
        ours: readPeak,
        baseline: null,
        ratio: null,
        goal: `≤ ${GOAL_READ_MB} MB, every mail reached`,
        pass: readPeak <= GOAL_READ_MB && read.complete,
        note: `VmHWM (MiB) of a fresh process reading the mailbox; ${read.note}`,
      },
    ];
  } finally {
    await app.child.stop(10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A multipart/alternative message of ~2 × PART_BYTES, in lines SMTP accepts. */
function bigMessage(to: string, i: number): Buffer {
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tem\r\n';
  const lines = Math.floor(PART_BYTES / line.length);
  const text = `Message ${i}: your code is ${100000 + i}.\r\n${line.repeat(lines)}`;
  const html = `<p>Message ${i}</p>\r\n${line.repeat(lines)}`;
  return Buffer.from(
    `From: flood@example.org\r\nTo: ${to}\r\nSubject: Large ${i}\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: multipart/alternative; boundary="b"\r\n\r\n` +
      `--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n` +
      `--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n--b--\r\n`,
  );
}

async function ingest(port: number, to: string): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
  try {
    for (let i = 0; i < COUNT; i++) {
      await transport.sendMail({
        envelope: { from: 'flood@example.org', to },
        raw: bigMessage(to, i),
      });
    }
  } finally {
    transport.close();
  }
}

/** Waits (long polls, bounded) until all COUNT mails of `email` are listed, i.e. parsed. */
async function untilListed(
  api: (p: string, init?: RequestInit) => Promise<Response>,
  email: string,
): Promise<void> {
  const box = `/api/emails/${encodeURIComponent(email)}`;
  const deadline = performance.now() + 120_000;
  for (let after = 0, listed = 0; listed < COUNT;) {
    if (performance.now() > deadline) throw new Error(`only ${listed} of ${COUNT} mails listed`);
    const mails = (await (await api(`${box}?limit=200&after_id=${after}&wait=5`)).json()) as Mail[];
    listed += mails.length;
    after = mails.at(-1)?.id ?? after;
  }
}

interface ReadOutcome {
  complete: boolean;
  note: string;
}

async function readEveryWay(
  base: string,
  key: string,
  api: (p: string, init?: RequestInit) => Promise<Response>,
  email: string,
  phase: (name: string) => void,
): Promise<ReadOutcome> {
  const box = `/api/emails/${encodeURIComponent(email)}`;
  let largestAnswer = 0;
  const follow = async (): Promise<number[]> => {
    const ids: number[] = [];
    for (let after = 0, round = 0; round <= COUNT; round++) {
      const res = await api(`${box}?limit=200&after_id=${after}`);
      const body = await res.text();
      largestAnswer = Math.max(largestAnswer, body.length);
      const mails = JSON.parse(body) as Mail[];
      ids.push(...mails.map((m) => m.id));
      after = mails.at(-1)?.id ?? after;
      if (res.headers.get('x-ephemera-more') !== 'true') break;
    }
    return ids;
  };
  const bulk = async (): Promise<number[]> => {
    const ids: number[] = [];
    for (let after = 0, round = 0; round <= COUNT; round++) {
      const res = await api('/api/emails/bulk', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ email, after_id: after, limit: 200 }] }),
      });
      const body = await res.text();
      largestAnswer = Math.max(largestAnswer, body.length);
      const [result] = (JSON.parse(body) as BulkResponse).results;
      if (!result || !('mails' in result)) throw new Error(`bulk answered ${res.status}`);
      ids.push(...result.mails.map((m) => m.id));
      after = result.mails.at(-1)?.id ?? after;
      if (!result.more) break;
    }
    return ids;
  };
  const replay = (): Promise<number[]> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(
        `${base.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${key}&after_id=0`,
      );
      const ids: number[] = [];
      ws.on('message', (data: Buffer) => {
        const msg = JSON.parse(data.toString('utf8')) as { type: string; data?: Mail };
        if (msg.type === 'email' && msg.data) ids.push(msg.data.id);
        if (ids.length === COUNT) {
          ws.close();
          resolve(ids);
        }
      });
      ws.once('error', reject);
      ws.once('close', () => resolve(ids));
    });
  const all = await follow();
  let wholeBytes = 0;
  const whole = async (ids: number[]): Promise<void> => {
    for (const id of ids) {
      const mail = (await (await api(`${box}/${id}`)).json()) as Mail;
      wholeBytes = Math.max(wholeBytes, (mail.text?.length ?? 0) + (mail.html?.length ?? 0));
    }
  };
  const lists = await Promise.all(Array.from({ length: PARALLEL }, follow));
  phase('lists');
  const bulks = await Promise.all(Array.from({ length: PARALLEL }, bulk));
  phase('bulk');
  const replays = await Promise.all(Array.from({ length: PARALLEL }, replay));
  phase('WebSocket');
  await Promise.all(
    Array.from({ length: PARALLEL }, (_, k) => whole(all.filter((_, i) => i % PARALLEL === k))),
  );
  phase('whole');
  const same = (ids: number[]): boolean => ids.join() === all.join();
  const complete =
    all.length === COUNT && [...lists, ...bulks, ...replays].every((ids) => same(ids));
  return {
    complete,
    note:
      `${all.length} of ${COUNT} mails reached by every reader: ${complete}; largest list/bulk ` +
      `answer ${fmt(largestAnswer / MiB)} MiB; whole mail ${fmt(wholeBytes / MiB)} Mi characters`,
  };
}

runIfMain(import.meta.url, benchMailLargeMailbox);
