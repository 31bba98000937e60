import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import type { ServerInfo } from '../../src-shared/api/server-settings.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

const POOL = ['ephemera.localhost', 'nomx.example.net', 'me@gmail.com', 'mail.example.org'];

async function info(m: MailTestApp): Promise<ServerInfo> {
  return (await (await m.t.request('/api/info')).json()) as ServerInfo;
}

describe('New address on a chosen domain (GET /api/generate?domain=, POST /api/generate/batch?domain=)', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp({
      config: { domains: POOL },
      resolveMx: (domain) =>
        Promise.resolve(
          domain === 'mail.example.org' ? [{ exchange: 'mx.example.org', priority: 10 }] : [],
        ),
    });
  });
  afterAll(() => m.close());

  it('puts the address on the pool entry named, in any case; a mailbox entry gives a sub-address', async () => {
    for (const [asked, domain] of [
      ['mail.example.org', 'mail.example.org'],
      ['MAIL.Example.org', 'mail.example.org'],
      ['nomx.example.net', 'nomx.example.net'],
    ] as const) {
      const res = await m.api(`/api/generate?domain=${encodeURIComponent(asked)}`);
      expect(res.status).toBe(200);
      const lease = (await res.json()) as Lease;
      expect(lease.domain).toBe(domain);
      expect(lease.email).toMatch(new RegExp(`^[a-z0-9]{10}@${domain.replace(/\./g, '\\.')}$`));
    }
    const sub = (await (await m.api('/api/generate?domain=me%40gmail.com')).json()) as Lease;
    expect(sub.email).toMatch(/^me\+[a-z0-9]{10}@gmail\.com$/);
  });

  it('a domain outside the pool is 400 MAIL_DOMAIN_UNSUPPORTED; an empty or repeated one is 400', async () => {
    for (const query of [
      'domain=other.example',
      'domain=gmail.com',
      'domain=not%20a%20domain',
      'domain=',
      'domain=mail.example.org&domain=nomx.example.net',
    ]) {
      const res = await m.api(`/api/generate?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      const body = (await res.json()) as { detail: string };
      expect(Object.keys(body)).toEqual(['detail']);
    }
    const outside = await m.api('/api/generate?domain=other.example');
    expect(((await outside.json()) as { detail: string }).detail).toBe(
      `"other.example" is not one of this server's mail domains; GET /api/info lists them.`,
    );
    const batch = await m.api('/api/generate/batch?count=3&domain=other.example', {
      method: 'POST',
    });
    expect(batch.status).toBe(400);
  });

  it('a batch on a chosen domain puts every address there', async () => {
    const res = await m.api('/api/generate/batch?count=3&domain=nomx.example.net', {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    const leases = (await res.json()) as Lease[];
    expect(leases.map((l) => l.domain)).toEqual(Array(3).fill('nomx.example.net'));
  });

  it('without domain the address is still drawn from the pool (the published API)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i++) seen.add((await m.generate()).domain);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('GET /api/info names the entry New address preselects: the first whose MX check finds records', async () => {
    await vi.waitFor(async () => expect((await info(m)).default_domain).toBe('mail.example.org'));
    expect((await info(m)).domains).toEqual(POOL);
  });
});

describe('the preselected domain without MX records', () => {
  it('is the default domain when the pool has it, else the first entry', async () => {
    const withDefault = await startMailTestApp({
      config: { domains: ['nomx.example.net', 'ephemera.localhost'] },
    });
    try {
      expect((await info(withDefault)).default_domain).toBe('ephemera.localhost');
    } finally {
      await withDefault.close();
    }
    const without = await startMailTestApp({
      config: { domains: ['nomx.example.net', 'other.example.net'] },
    });
    try {
      expect((await info(without)).default_domain).toBe('nomx.example.net');
    } finally {
      await without.close();
    }
  });
});
