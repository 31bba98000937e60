import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Logger } from '../../core/logger.ts';
import type { AnalyzedMessage } from './analyze-message.ts';
import type { ParsePool } from './parse-pool.ts';
import { MessageRefused } from './message-refused.ts';
import type { StoredRaw } from '../store/raw-store.ts';

/** Where a batch is parsed: on how many workers, and whether ahead of the backlog. */
export interface BatchLane {
  lanes?: number;
  urgent?: boolean;
}

/** A message kept unparsed (stored as its raw text), and why, in words for the user. */
export interface Unparsed {
  unparsed: string;
}

/** What became of one message: parsed, kept unparsed, or null when the queue stopped. */
export type ParseOutcome = AnalyzedMessage | Unparsed | null;

export function isUnparsed(outcome: ParseOutcome): outcome is Unparsed {
  return outcome !== null && 'unparsed' in outcome;
}

export interface BatchHow extends BatchLane {
  /** Parses begun per message before it is kept unparsed. */
  attempts: number;
  stopped: () => boolean;
  logger: Logger;
  /** Counts a parse begun on each message, committed before it starts (RawStore). */
  noteAttempts(ids: readonly number[]): void;
}

/**
 * Parses a batch of raw messages, each on its own. A worker that crashed, ran out of memory or
 * timed out gets the message again, up to `attempts` parses begun, counted in the database
 * before each starts: one that took the whole process down counts too, so a message is never
 * parsed again after `attempts` such deaths (the app would otherwise die at every start). A
 * message the parser refuses, that keeps failing, or that is over the mail limit (never sent
 * to a worker) comes back unparsed with the reason: it was acknowledged, so it is kept.
 */
export function analyzeBatch(
  parser: Pick<ParsePool, 'analyze'>,
  batch: readonly StoredRaw[],
  how: BatchHow,
): Promise<ParseOutcome[]> {
  const skipped = new Map<number, Unparsed>();
  for (const raw of batch) {
    const reason = notToParse(raw, how.attempts);
    if (reason) skipped.set(raw.id, { unparsed: reason });
  }
  how.noteAttempts(batch.filter((raw) => !skipped.has(raw.id)).map((raw) => raw.id));
  const one = async (raw: StoredRaw): Promise<ParseOutcome> => {
    const skip = skipped.get(raw.id);
    if (skip) {
      how.logger.error(`raw message ${raw.id} kept unparsed: ${skip.unparsed}`);
      return skip;
    }
    for (let attempt = raw.attempts + 1; ; attempt++) {
      try {
        const analyzed = await parser.analyze(raw.raw, raw.envelope.from, how.lanes, how.urgent);
        if (analyzed.htmlCut) {
          // Hostile or broken HTML: say so, since its text past the cut is read unformatted.
          how.logger.warn(
            `raw message ${raw.id}: its HTML passed the renderer's ${analyzed.htmlCut} budget; the text part or stripped text stands for the rest`,
          );
        }
        return analyzed;
      } catch (err) {
        if (how.stopped()) return null;
        if (err instanceof MessageRefused || attempt >= how.attempts) {
          how.logger.error(`raw message ${raw.id} kept unparsed`, err);
          return { unparsed: failureText(err) };
        }
        how.noteAttempts([raw.id]);
      }
    }
  };
  return Promise.all(batch.map(one));
}

/** Why a message is not to be parsed at all, or null. */
function notToParse(raw: StoredRaw, attempts: number): string | null {
  // Only mail stored before the IMAP limit (issue 36) can be larger: a worker given one could
  // take the process down with it.
  if (raw.raw.length > MAIL_LIMITS.maxMessageBytes) return 'not parsed: over the 10 MiB limit';
  if (raw.attempts >= attempts) {
    return `not parsed: parsing it stopped the app or its parser ${raw.attempts} times`;
  }
  return null;
}

function failureText(err: unknown): string {
  if (err instanceof MessageRefused) return `not parsed: ${err.reply}`;
  const e = err as { code?: unknown; message?: unknown };
  if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'not parsed: the parser ran out of memory';
  const message = typeof e.message === 'string' ? e.message : String(err);
  return `not parsed: ${message.slice(0, 200)}`;
}
