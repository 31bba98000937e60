import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Lease } from '../src-shared/mail/schemas.ts';
import { spawnChild, waitForLine, type Child } from './lib/child-process.ts';
import { pidCpuMs, processCpuMs } from './lib/cpu.ts';
import { buildMainBundle, ROOT, startHeadless } from './lib/headless-app.ts';
import { fmt, median, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import { ListingClient, type ListedCount } from './mail/listing-client.ts';
import { MailDevListingClient } from './mail/maildev-listing.ts';
import { startMailDev } from './mail/maildev-app.ts';
import { runSmtpLoad } from './mail/smtp-load.ts';
import type { SmtpLoadPlan } from './mail/smtp-load-plan.ts';

const CONNECTIONS = 10;
const WARM_MAILS = 300;
const FLOOD_MAILS = 1500;
const MESSAGE_BYTES = 5 * 1024;
const RECIPIENTS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIN_PEER_RATIO = 1.2;
const MIN_CEILING_FRACTION = 0.8;
/** How long a flood may take to be listed before the bench gives up. */
const LIST_LIMIT_MS = 120_000;

/** One server's flood, from the first SMTP connection until its REST API listed every mail. */
interface Flood {
  /** Mails listed per second of the whole window. */
  rate: number;
  /** When the last 250 came. */
  sentMs: number;
  /** When the last mail was listed. */
  listedMs: number;
  /** CPU per mail: the server process (all threads) and this process's clients. */
  serverUs: number;
  clientUs: number;
}

/** A server under test: where to send, whose CPU to count, how to list what it got. */
interface Target {
  smtpPort: number;
  pid: number;
  until(total: number, limitMs: number): Promise<ListedCount>;
}

/**
 * The SMTP flood as users choose a tool: Ephemera's headless server against MailDev 3 (SMTP,
 * REST and web UI, the tool people run instead), each a fresh process of its own per round,
 * driven by the same SMTP clients with the same mails (10 connections × 1,500 mails of 5 KB to
 * the same 20 addresses) and counted until its REST API, followed by a client from where it
 * left off in pages of 200 with every answer parsed, has listed every mail. Both get the same
 * warm-up first (10 × 300, listed). The rounds alternate which server goes first.
 *
 * Beside the ratio, the share of the machine's CPU ceiling our flood reached: the CPU per mail
 * of the server (all threads) and of its clients (SMTP and listing, this process) says how many
 * mails/s the cores could list if they did nothing else; the fraction is the achieved rate over
 * that, which is the CPU both used over the window divided by cores × the window. A bare
 * smtp-server sink that stores and parses nothing, driven the same way, gives the limit.
 */
export async function benchMailFlood(): Promise<BenchResult[]> {
  buildMainBundle();
  let sink: Child | null = null;
  try {
    sink = spawnChild(['--import', 'tsx', 'bench/mail/sink-main.ts'], ROOT);
    const sinkPort = Number(/\d+$/.exec(await waitForLine(sink, /sink listening on \d+/, 30_000)));
    let recipients: string[] = [];
    const ours: Flood[] = [];
    const peer: Flood[] = [];
    const bare: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const runOurs = async (): Promise<void> => {
        const run = await floodOurs(recipients);
        recipients = run.recipients;
        ours.push(run.flood);
      };
      const runPeer = async (): Promise<void> => {
        peer.push(await floodMailDev(recipients));
      };
      // Ours first in the first round: its leases name the addresses both are sent to.
      if (round % 2 === 1) await runOurs().then(runPeer);
      else await runPeer().then(runOurs);
      const sent = await runSmtpLoad(plan(sinkPort, recipients, FLOOD_MAILS));
      bare.push(sent.mails / (sent.ms / 1000));
      const o = ours.at(-1) as Flood;
      const p = peer.at(-1) as Flood;
      console.log(
        `mail-flood round ${round}: ours ${fmt(o.rate)} mails/s (last 250 ${fmt(o.sentMs / 1000, 2)} s, all listed ${fmt(o.listedMs / 1000, 2)} s, ${fmt(ceilingFraction(o), 2)} of the CPU ceiling), MailDev ${fmt(p.rate)} mails/s (${fmt(p.sentMs / 1000, 2)} s, ${fmt(p.listedMs / 1000, 2)} s), bare sink ${fmt(bare.at(-1) ?? 0)} mails/s; load average ${os.loadavg()[0]?.toFixed(2)}`,
      );
    }
    return results(ours, peer, bare);
  } finally {
    await sink?.stop(5_000);
  }
}

function results(ours: Flood[], peer: Flood[], bare: number[]): BenchResult[] {
  const floodMails = CONNECTIONS * FLOOD_MAILS;
  const us = (runs: Flood[], key: 'serverUs' | 'clientUs'): string =>
    fmt(median(runs.map((r) => r[key])), 0);
  const cores = os.availableParallelism();
  const fractions = ours.map(ceilingFraction);
  const fraction = median(fractions);
  const ceiling = median(ours.map((r) => (cores * 1e6) / (r.serverUs + r.clientUs)));
  const serverOnly = median(ours.map((r) => (r.rate * r.serverUs) / (cores * 1e6)));
  const versus = pairedResult(
    'SMTP flood 10 × 1,500 × 5 KB until all listed, vs MailDev 3',
    'mails/s',
    ours.map((r) => r.rate),
    peer.map((r) => r.rate),
    MIN_PEER_RATIO,
    `${floodMails} mails to 20 addresses, each server fresh per round after the same warm-up, until its REST API listed all (ours GET /api/emails/{email}?after_id, MailDev GET /api/email?skip, pages of 200, JSON parsed); ${ours.length} rounds, ours first in odd rounds; all listed after ${ours.map((r) => fmt(r.listedMs / 1000, 2)).join(', ')} s against MailDev's ${peer.map((r) => fmt(r.listedMs / 1000, 2)).join(', ')} s; CPU per mail: ours ${us(ours, 'serverUs')} µs + clients ${us(ours, 'clientUs')} µs, MailDev ${us(peer, 'serverUs')} µs + clients ${us(peer, 'clientUs')} µs`,
  );
  return [
    versus,
    {
      name: `SMTP flood: share of the ${cores}-core CPU ceiling reached (bare sink = limit)`,
      unit: 'mails/s',
      ours: median(ours.map((r) => r.rate)),
      baseline: ceiling,
      ratio: fraction,
      goal: `ratio ≥ ${MIN_CEILING_FRACTION}`,
      pass: fraction >= MIN_CEILING_FRACTION,
      note: `ceiling = ${cores} cores × 1 s ÷ CPU per mail (server, all threads, + its clients in the bench process), i.e. the ratio is the CPU both used over the flood ÷ (${cores} × its wall time); per round ${fractions.map((f) => fmt(f, 2)).join(', ')}; the server alone ${fmt(serverOnly, 2)} of ${cores} cores; the limit, a bare smtp-server sink that stores nothing, took the same flood at ${fmt(median(bare))} mails/s (last 250); load average ${os.loadavg()[0]?.toFixed(2)} (other processes lower the share)`,
    },
  ];
}

/** Achieved mails/s over what the cores could list with nothing else running. */
function ceilingFraction(run: Flood): number {
  return (run.rate * (run.serverUs + run.clientUs)) / (os.availableParallelism() * 1e6);
}

function plan(port: number, recipients: string[], mails: number): SmtpLoadPlan {
  return {
    port,
    connections: CONNECTIONS,
    mailsPerConnection: mails,
    recipients,
    messageBytes: MESSAGE_BYTES,
  };
}

/** Warm-up, then the flood, both listed; the window is the flood's. */
async function flood(target: Target, recipients: string[]): Promise<Flood> {
  const warmMails = CONNECTIONS * WARM_MAILS;
  const floodMails = CONNECTIONS * FLOOD_MAILS;
  await runSmtpLoad(plan(target.smtpPort, recipients, WARM_MAILS));
  const warm = await target.until(warmMails, LIST_LIMIT_MS);
  if (warm.count !== warmMails) throw new Error(`warm-up: ${warm.count} of ${warmMails} listed`);
  const start = performance.now();
  const serverCpu = pidCpuMs(target.pid);
  const clientCpu = processCpuMs();
  const sent = await runSmtpLoad(plan(target.smtpPort, recipients, FLOOD_MAILS));
  const listed = await target.until(warmMails + floodMails, LIST_LIMIT_MS);
  const listedMs = performance.now() - start;
  const serverUs = ((pidCpuMs(target.pid) - serverCpu) * 1000) / floodMails;
  const clientUs = ((processCpuMs() - clientCpu) * 1000) / floodMails;
  if (listed.count !== warmMails + floodMails)
    throw new Error(`${floodMails} mails got a 250 but ${listed.count - warmMails} are listed`);
  return { rate: floodMails / (listedMs / 1000), sentMs: sent.ms, listedMs, serverUs, clientUs };
}

/** Ours, fresh: leases the addresses (the same ones from the second run on), then floods. */
async function floodOurs(addresses: string[]): Promise<{ flood: Flood; recipients: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-bench-flood-'));
  const app = await startHeadless(dataDir, true).catch((err: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  try {
    const key = app.key;
    if (!key) throw new Error('no API key printed on the first run');
    const api = (p: string, init: RequestInit = {}): Promise<Response> =>
      fetch(`${app.base}${p}`, { ...init, headers: { 'x-api-key': key, ...init.headers } });
    const recipients = addresses.length > 0 ? addresses : await generate(api);
    // An address without a lease record gets a new lease on extend (docs/API.md).
    for (const email of addresses) {
      const res = await api(`/api/mailboxes/${encodeURIComponent(email)}/extend`, {
        method: 'POST',
      });
      if (res.status !== 200) throw new Error(`extend ${email} answered ${res.status}`);
    }
    const listing = new ListingClient(api, recipients);
    const target = {
      smtpPort: app.smtpPort,
      pid: app.child.pid,
      until: listing.until.bind(listing),
    };
    return { flood: await flood(target, recipients), recipients };
  } finally {
    await app.child.stop(10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function generate(
  api: (p: string, init?: RequestInit) => Promise<Response>,
): Promise<string[]> {
  const res = await api(`/api/generate/batch?count=${RECIPIENTS}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`generate answered ${res.status}`);
  return ((await res.json()) as Lease[]).map((l) => l.email);
}

/** MailDev, fresh, flooded with the same mails. */
async function floodMailDev(recipients: string[]): Promise<Flood> {
  const maildev = await startMailDev();
  try {
    const listing = new MailDevListingClient(maildev.base);
    const target = {
      smtpPort: maildev.smtpPort,
      pid: maildev.child.pid,
      until: listing.until.bind(listing),
    };
    return await flood(target, recipients);
  } finally {
    await maildev.stop();
  }
}

runIfMain(import.meta.url, benchMailFlood);
