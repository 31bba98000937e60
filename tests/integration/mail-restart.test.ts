import { afterEach, describe, expect, it } from 'vitest';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { startMailTestApp } from '../helpers/mail-app.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { smtpTransport } from '../helpers/smtp-client.ts';
import { spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

describe('mail survives kill -9', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('every mail answered 250 is there after kill -9, and leases keep their expiry', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const { app: child, base, smtpPort, key } = await spawnFirstRun(dataDir);
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const res = await fetch(`${base}/api/generate/batch?count=3`, {
      method: 'POST',
      headers: { 'x-api-key': key },
    });
    const leases = (await res.json()) as Lease[];
    const to = leases.map((l) => l.email);

    // One mail after another; the kill follows the last 250 at once.
    const transport = smtpTransport(smtpPort);
    const accepted: string[] = [];
    for (let i = 0; i < 40; i++) {
      const info = await transport.sendMail({
        from: 'a@example.org',
        to,
        subject: `m${i}`,
        text: `n${i}`,
      });
      expect(info.response).toMatch(/^250 /);
      accepted.push(`m${i}`);
    }
    child.child.kill('SIGKILL');
    transport.close();
    expect(await child.exited).toBe('SIGKILL');

    const m = await startMailTestApp({ dataDir, clock: new ManualClock(Date.now()) });
    cleanups.push(() => m.close());
    const headers = { 'x-api-key': key };
    for (const lease of leases) {
      const mails = (await (
        await m.t.request(`/api/emails/${lease.email}?limit=200`, { headers })
      ).json()) as {
        subject: string;
      }[];
      expect(mails.map((x) => x.subject)).toEqual(accepted);
      const after = (await (
        await m.t.request(`/api/mailboxes/${lease.email}/lease`, { headers })
      ).json()) as Lease;
      expect(after).toEqual(lease);
    }
  });
});
