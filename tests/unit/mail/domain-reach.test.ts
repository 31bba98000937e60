import { describe, expect, it, vi } from 'vitest';
import type { MxCheck } from '../../../src-shared/api/server-settings.ts';
import { DomainReach } from '../../../src-main/mail/access/domain-reach.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

function mx(domain: string, records: number, problem: MxCheck['problem'] = null): MxCheck {
  return {
    domain,
    records: Array.from({ length: records }, (_, i) => ({
      exchange: `mx${i}.${domain}`,
      priority: 10,
    })),
    error: problem ? 'x' : null,
    problem,
  };
}

describe('DomainReach: the domain New address preselects', () => {
  const answers: Record<string, MxCheck | Error> = {
    'mail.example.org': mx('mail.example.org', 1),
    'gmail.com': mx('gmail.com', 2),
    'nomx.example.net': mx('nomx.example.net', 0, 'no_mx'),
    'down.example.net': mx('down.example.net', 0, 'lookup_failed'),
    'throws.example.net': new Error('boom'),
  };
  const setup = () => {
    const clock = new ManualClock();
    const check = vi.fn((domain: string) => {
      const answer = answers[domain];
      return answer instanceof Error || !answer
        ? Promise.reject(answer ?? new Error('unknown'))
        : Promise.resolve(answer);
    });
    return { clock, check, reach: new DomainReach(check, clock) };
  };

  it('before any answer: the default domain if in the pool, else the first entry; null when empty', () => {
    const { reach } = setup();
    expect(reach.preferred(['mail.example.org', 'ephemera.localhost'])).toBe('ephemera.localhost');
    expect(reach.preferred(['nomx.example.net', 'mail.example.org'])).toBe('nomx.example.net');
    expect(reach.preferred([])).toBeNull();
  });

  it('the first entry in pool order whose domain has MX records; a mailbox entry by its domain', async () => {
    const { reach } = setup();
    const pool = ['ephemera.localhost', 'nomx.example.net', 'me@gmail.com', 'mail.example.org'];
    await reach.refresh(pool);
    expect(reach.preferred(pool)).toBe('me@gmail.com');
    expect(reach.preferred(['ephemera.localhost', 'nomx.example.net'])).toBe('ephemera.localhost');
  });

  it('a failed or throwing lookup is not "receives": the default stays', async () => {
    const { reach } = setup();
    const pool = ['down.example.net', 'throws.example.net', 'ephemera.localhost'];
    await reach.refresh(pool);
    expect(reach.preferred(pool)).toBe('ephemera.localhost');
  });

  it('names that cannot have public MX are never looked up; answers are kept an hour, failures 5 minutes', async () => {
    const { reach, check, clock } = setup();
    await reach.refresh(['ephemera.localhost', 'a.test', 'b.invalid', 'c.local', 'd.example']);
    expect(check).not.toHaveBeenCalled();
    await reach.refresh(['mail.example.org', 'down.example.net']);
    await reach.refresh(['mail.example.org', 'down.example.net']);
    expect(check).toHaveBeenCalledTimes(2);
    clock.advance(5 * 60_000);
    await reach.refresh(['mail.example.org', 'down.example.net']);
    expect(check.mock.calls.map((c) => c[0])).toEqual([
      'mail.example.org',
      'down.example.net',
      'down.example.net',
    ]);
    clock.advance(55 * 60_000);
    await reach.refresh(['mail.example.org']);
    expect(check).toHaveBeenLastCalledWith('mail.example.org');
  });

  it('one lookup at a time per domain', () => {
    const { reach, check } = setup();
    void reach.refresh(['mail.example.org']);
    void reach.refresh(['mail.example.org']);
    expect(check).toHaveBeenCalledOnce();
  });
});
