import type { Logger } from '../core/logger.ts';
import type { AnalyzedMessage, Analyzer } from './analyze-message.ts';
import { MessageRefused } from './message-refused.ts';
import type { StoredRaw } from './raw-store.ts';

/** Where a batch is parsed: on how many workers, and whether ahead of the backlog. */
export interface BatchLane {
  lanes?: number;
  urgent?: boolean;
}

/**
 * Parses a batch of raw messages, each on its own. A worker that crashed or timed out gets
 * the message again, up to `attempts` tries; a message the parser refuses (or that keeps
 * failing) comes back null, to be kept unparsed rather than lost: it was acknowledged.
 */
export function analyzeBatch(
  analyze: Analyzer,
  batch: readonly StoredRaw[],
  how: BatchLane & { attempts: number; stopped: () => boolean; logger: Logger },
): Promise<(AnalyzedMessage | null)[]> {
  const one = async (raw: StoredRaw): Promise<AnalyzedMessage | null> => {
    for (let attempt = 1; attempt <= how.attempts; attempt++) {
      try {
        const analyzed = await analyze(raw.raw, raw.envelope.from, how.lanes, how.urgent);
        if (analyzed.htmlCut) {
          // Hostile or broken HTML: say so, since its text past the cut is read unformatted.
          how.logger.warn(
            `raw message ${raw.id}: its HTML passed the renderer's ${analyzed.htmlCut} budget; the text part or stripped text stands for the rest`,
          );
        }
        return analyzed;
      } catch (err) {
        if (how.stopped()) return null;
        if (err instanceof MessageRefused || attempt === how.attempts) {
          how.logger.error(`raw message ${raw.id} kept unparsed`, err);
          return null;
        }
      }
    }
    return null;
  };
  return Promise.all(batch.map(one));
}
