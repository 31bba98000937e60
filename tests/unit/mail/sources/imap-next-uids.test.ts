import type { ImapFlow } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { nextUids, type Guard } from '../../../../src-main/mail/sources/imap-fetch.ts';

/** A mailbox holding `uids` that answers UID SEARCH UID ranges, recording each range. */
function mailbox(uids: number[]) {
  const ranges: string[] = [];
  const uidNext = (uids.at(-1) ?? 0) + 1;
  const client = {
    mailbox: { uidNext },
    search: ({ uid }: { uid: string }) => {
      ranges.push(uid);
      const [lo = '0', hi = '*'] = uid.split(':');
      const top = hi === '*' ? Infinity : Number(hi);
      const found = uids.filter((u) => u >= Number(lo) && u <= top);
      // `n:*` past the end names the last message (RFC 3501).
      if (hi === '*' && found.length === 0 && uids.length > 0) found.push(uids.at(-1) ?? 0);
      return Promise.resolve(found);
    },
  } as unknown as ImapFlow;
  return { client, ranges };
}

const guard: Guard = (work) => work;

describe('nextUids', () => {
  it('searches a mailbox far ahead of the cursor in windows, never all of it at once', async () => {
    const uids = Array.from({ length: 300_000 }, (_, i) => i + 1);
    const { client, ranges } = mailbox(uids);
    expect(await nextUids(client, 1, 200, guard)).toEqual(uids.slice(0, 200));
    expect(ranges).toEqual(['1:100000']);
  });

  it('an empty window doubles the next; the last one is open-ended', async () => {
    const { client, ranges } = mailbox([5, 750_000, 750_001]);
    expect(await nextUids(client, 6, 200, guard)).toEqual([750_000, 750_001]);
    expect(ranges).toEqual(['6:100005', '100006:300005', '300006:700005', '700006:*']);
  });

  it('nothing after the cursor: the last message `n:*` names is left out', async () => {
    const { client } = mailbox([1, 2, 3]);
    expect(await nextUids(client, 4, 200, guard)).toEqual([]);
  });
});
