import { describe, expect, it } from 'vitest';
import { storedLeases } from '../../src-renderer/features/mail/stored-leases.ts';

const lease = {
  email: 'a1@ephemera.localhost',
  domain: 'ephemera.localhost',
  expires_in_minutes: 30,
  generated_at: '2026-11-27T01:00:00.000Z',
  expires_at: '2026-11-27T01:30:00.000Z',
  extension_count: 0,
  max_extension_count: 12,
};

describe('storedLeases (the mailbox list kept in localStorage)', () => {
  it('keeps the leases and drops what is not one', () => {
    const stored = JSON.stringify([
      lease,
      'a2@ephemera.localhost',
      null,
      { ...lease, email: 'b@x', expires_at: 'soon' },
      { ...lease, email: 'c@x', extension_count: undefined },
      { ...lease, email: 'd@x' },
    ]);
    expect(storedLeases(stored).map((l) => l.email)).toEqual(['a1@ephemera.localhost', 'd@x']);
  });

  it('nothing stored, not JSON, or not a list: no mailboxes', () => {
    expect(storedLeases(null)).toEqual([]);
    expect(storedLeases('{"email":1')).toEqual([]);
    expect(storedLeases(JSON.stringify(lease))).toEqual([]);
  });
});
