import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { benchMessage, type SmtpLoadPlan, type SmtpLoadStats } from './smtp-load-plan.ts';
import { SmtpSession } from './smtp-session.ts';

/**
 * The SMTP load client, in its own thread so it does not share the server's event loop. Each
 * connection sends one mail after another and waits for the 250 (the commit) before the next.
 */
async function connection(plan: SmtpLoadPlan, index: number): Promise<number> {
  const session = await SmtpSession.open(plan.port);
  let sent = 0;
  for (let i = 0; i < plan.mailsPerConnection; i++) {
    const n = index * plan.mailsPerConnection + i;
    const to = plan.recipients[n % plan.recipients.length] ?? '';
    await session.begin('bench@example.org', to);
    session.write(`${benchMessage(to, n, plan.messageBytes)}\r\n.\r\n`);
    await session.expect('250');
    sent++;
  }
  session.close();
  return sent;
}

async function run(plan: SmtpLoadPlan): Promise<SmtpLoadStats> {
  const start = performance.now();
  const counts = await Promise.all(
    Array.from({ length: plan.connections }, (_, i) => connection(plan, i)),
  );
  return { mails: counts.reduce((a, b) => a + b, 0), ms: performance.now() - start };
}

run(workerData as SmtpLoadPlan).then(
  (stats) => parentPort?.postMessage({ ok: true, stats }),
  (err: unknown) => parentPort?.postMessage({ ok: false, error: String(err) }),
);
