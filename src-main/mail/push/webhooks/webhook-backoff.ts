import { WEBHOOK_LIMITS } from '../../../../src-shared/api/webhooks.ts';

/**
 * When an event that failed its `tries`-th try is tried next: 5 s, 30 s, 2 min, 10 min, 1 h
 * after the failures, then every 2 h; null once that would be more than 24 h after the event
 * was made (it is given up).
 */
export function nextTryAt(createdAt: number, tries: number, now: number): number | null {
  const delay = WEBHOOK_LIMITS.delaysMs[tries - 1] ?? WEBHOOK_LIMITS.lastDelayMs;
  const at = now + delay;
  return at > createdAt + WEBHOOK_LIMITS.giveUpMs ? null : at;
}
