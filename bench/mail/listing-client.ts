import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mail } from '../../src-shared/mail/schemas.ts';

const PAGE = 200;

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
  async until(total: number, limitMs: number): Promise<{ count: number; ms: number }> {
    const start = performance.now();
    while (this.listed < total && performance.now() - start < limitMs) {
      for (const email of this.recipients) await this.follow(email);
      if (this.listed < total) await sleep(100);
    }
    return { count: this.listed, ms: performance.now() - start };
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
