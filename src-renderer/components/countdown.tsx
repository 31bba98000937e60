import type { ReactElement } from 'react';
import { formatClock } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';

/**
 * Time left until `until` (local ms) as m:ss, with a thin ring showing the share of `total`
 * seconds that remains, emptying clockwise from the top. Turns amber at low time (one rule for
 * every countdown, see `warnSeconds`) and red at zero.
 */
export function Countdown({
  until,
  total,
  label,
  showLabel = false,
}: {
  until: number;
  total: number;
  label: string;
  /** Show `label` before the time instead of only to screen readers. */
  showLabel?: boolean;
}): ReactElement {
  const now = useNow();
  const left = Math.max(0, (until - now) / 1000);
  const share = total > 0 ? Math.min(1, left / total) : 0;
  const tone = left <= 0 ? 'over' : left < warnSeconds(total) ? 'warn' : 'ok';
  const r = 7;
  const c = 2 * Math.PI * r;
  return (
    <span className={`countdown countdown-${tone}`} title={label}>
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
        <circle cx="9" cy="9" r={r} className="countdown-track" />
        <circle
          cx="9"
          cy="9"
          r={r}
          className="countdown-fill"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - share)}
          transform="rotate(-90 9 9)"
        />
      </svg>
      <span className="countdown-text">
        <span className={showLabel ? 'countdown-label' : 'sr-only'}>{label} </span>
        {formatClock(left)}
      </span>
    </span>
  );
}

/**
 * Low time: the last fifth, but never more than the last two minutes, so a 3-minute video
 * link and a 30-minute mailbox both turn amber when it is time to act (36 s and 2 min).
 */
function warnSeconds(total: number): number {
  return Math.min(120, total / 5);
}
