import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { SmtpSession } from './smtp-session.ts';

export interface HostileStreamPlan {
  smtpPort: number;
  recipient: string;
  /** Connections sending at once, each one mail this often (back to back if slower). */
  connections: number;
  everyMs: number;
  /** At most this many mails (bounds the disk the bench fills). */
  maxMails: number;
  /** Int32Array over a SharedArrayBuffer: [0] set to 1 stops the stream; [1] counts 250s. */
  control: SharedArrayBuffer;
}

export interface HostileStreamStats {
  sent: number;
  refused: number;
}

/**
 * An HTML-only mail of 100,000 nested `<div><span>` (1.1 MB) with a code after the nesting:
 * before the render budget, about 13 s of htmlparser2 per rendering.
 */
export function hostileMessage(to: string, n: number): string {
  const head =
    `From: Hostile <hostile@example.org>\r\nTo: ${to}\r\nSubject: hostile ${n}\r\n` +
    'MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n';
  // Lines under SMTP's 1000-octet limit.
  const nesting = `${'<div><span>'.repeat(80)}\r\n`.repeat(1250);
  return `${head}<html><body>\r\n${nesting}<p>Your code is ${100000 + n}.</p></body></html>`;
}

/** Sends hostile mails on `connections` connections until told to stop; counts the 250s. */
async function run(plan: HostileStreamPlan): Promise<HostileStreamStats> {
  const control = new Int32Array(plan.control);
  const stats: HostileStreamStats = { sent: 0, refused: 0 };
  let n = 0;
  const connection = async (): Promise<void> => {
    const session = await SmtpSession.open(plan.smtpPort);
    while (Atomics.load(control, 0) === 0 && n < plan.maxMails) {
      const next = performance.now() + plan.everyMs;
      await session.begin('hostile@example.org', plan.recipient);
      session.write(`${hostileMessage(plan.recipient, n++)}\r\n.\r\n`);
      const reply = await session.reply();
      if (reply.startsWith('250')) Atomics.store(control, 1, ++stats.sent);
      else stats.refused++;
      await sleep(Math.max(0, next - performance.now()));
    }
    session.close();
  };
  await Promise.all(Array.from({ length: plan.connections }, connection));
  return stats;
}

run(workerData as HostileStreamPlan).then(
  (stats) => parentPort?.postMessage({ ok: true, stats }),
  (err: unknown) => parentPort?.postMessage({ ok: false, error: String(err) }),
);
