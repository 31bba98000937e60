import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mail } from '../../src-shared/mail/schemas.ts';

const PAGE = 200;

export interface ListedCount {
  count: number;
  ms: number;
}

/**
 * Runs `sweep` (which resolves with how many mails were listed so far) every 100 ms until
 * `total` were listed or `limitMs` passed.
 */
export async function sweepUntil(
  total: number,
  limitMs: number,
  sweep: () => Promise<number>,
): Promise<ListedCount> {
  const start = performance.now();
  let listed = 0;
  while (listed < total && performance.now() - start < limitMs) {
    listed = await sweep();
    if (listed < total) await sleep(100);
  }
  return { count: listed, ms: performance.now() - start };
}

/**
 * Follows mailboxes the way a script does: GET /api/emails/{email}?after_id=…&limit=200 from
 * where it left off, every answer parsed, until a number of mails has been listed.
 */
export class ListingClient {
  private readonly after = new Map<string, number>();
  private listed = 0;

  constructor(
    private readonly api: (p: string) => Promise<Response>,
    private readonly recipients: readonly string[],
  ) {}

  /** Sweeps every mailbox until `total` mails were listed in all, or `limitMs` passed. */
  until(total: number, limitMs: number): Promise<ListedCount> {
    return sweepUntil(total, limitMs, async () => {
      for (const email of this.recipients) await this.follow(email);
      return this.listed;
    });
  }

  private async follow(email: string): Promise<void> {
    for (let page = 0; page < 1_000; page++) {
      const after = this.after.get(email) ?? 0;
      const res = await this.api(
        `/api/emails/${encodeURIComponent(email)}?after_id=${after}&limit=${PAGE}`,
      );
      if (res.status !== 200) throw new Error(`GET emails answered ${res.status}`);
      const mails = (await res.json()) as Mail[];
      this.listed += mails.length;
      const last = mails.at(-1);
      if (last) this.after.set(email, last.id);
      if (mails.length < PAGE) return;
    }
  }
}
