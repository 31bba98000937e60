import { sweepUntil, type ListedCount } from './listing-client.ts';

const PAGE = 200;

/**
 * Follows MailDev's inbox as ListingClient follows Ephemera's mailboxes: GET /api/email from
 * where it left off (`skip`, in arrival order, MailDev's default) in pages of 200, every answer
 * parsed. MailDev has no mailboxes, so one inbox holds every recipient's mail.
 */
export class MailDevListingClient {
  private listed = 0;

  constructor(private readonly base: string) {}

  until(total: number, limitMs: number): Promise<ListedCount> {
    return sweepUntil(total, limitMs, () => this.follow());
  }

  private async follow(): Promise<number> {
    for (let page = 0; page < 1_000; page++) {
      const res = await fetch(`${this.base}/api/email?skip=${this.listed}&limit=${PAGE}`);
      if (res.status !== 200) throw new Error(`MailDev's GET /api/email answered ${res.status}`);
      const mails = (await res.json()) as unknown[];
      this.listed += mails.length;
      if (mails.length < PAGE) break;
    }
    return this.listed;
  }
}
