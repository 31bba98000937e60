import type { Clock } from '../../core/clock.ts';
import type { ParseQueue } from '../parse/parse-queue.ts';
import type { Envelope } from '../store/envelope.ts';
import { messageIdOf, readHeaderFields } from '../store/message-headers.ts';
import type { RawStore } from '../store/raw-store.ts';
import type { SourceStore } from './source-store.ts';

/**
 * Where a fetched message joins the SMTP path: its raw bytes are committed as pending (the
 * ParseQueue parses, stores, publishes and the retention sweeps them like SMTP mail), and in
 * the same transaction the source's cursor moves past it. A crash before the commit fetches
 * the message again; after it, never: nothing lost, nothing twice.
 */
export class SourceIngest {
  constructor(
    private readonly raws: RawStore,
    private readonly sources: SourceStore,
    /** The next stage, as for SMTP mail (RawInbox). */
    private readonly parsing: Pick<ParseQueue, 'committed'>,
    private readonly clock: Clock,
  ) {}

  /** The mailbox was (re)opened with a UIDVALIDITY the source had not seen: start at `lastUid`. */
  reset(sourceId: string, uidValidity: string, lastUid: number): void {
    this.sources.setCursor(sourceId, uidValidity, lastUid);
  }

  /** A message no lease wants (or one too big): only the cursor moves. */
  skip(sourceId: string, uidValidity: string, uid: number): void {
    this.sources.setCursor(sourceId, uidValidity, uid);
  }

  /**
   * Stores the message for the leases that do not have it yet (same Message-ID, from SMTP or
   * another source) and moves the cursor. False when every lease already had it.
   */
  take(sourceId: string, uidValidity: string, uid: number, raw: Buffer, leases: string[]): boolean {
    const messageId = messageIdOf(raw);
    const now = this.clock.now();
    const result = this.sources.transaction(() => {
      const fresh = leases.filter((l) => !messageId || !this.raws.hasMessageId(l, messageId));
      this.sources.setCursor(sourceId, uidValidity, uid);
      if (fresh.length === 0) return null;
      const envelope: Envelope = { from: returnPath(raw), recipients: fresh };
      const [id] = this.raws.commit([{ envelope, raw, receivedAt: now }]);
      this.sources.noteTaken(sourceId, uid, now);
      return { id: id ?? 0, envelope };
    });
    if (!result) return false;
    this.parsing.committed([result]);
    return true;
  }
}

/** The envelope sender the last server recorded, as SMTP's MAIL FROM would have given it. */
function returnPath(raw: Buffer): string | null {
  const field = readHeaderFields(raw).find((f) => f.name === 'return-path');
  const match = field ? /<([^<>\s@]+@[^<>\s@]+)>/.exec(field.value) : null;
  return match?.[1]?.toLowerCase() ?? null;
}
