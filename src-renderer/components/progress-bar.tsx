import type { ReactElement } from 'react';

/** A bar for a share of work done; with `value` null it shows motion without a number. */
export function ProgressBar({
  value,
  label,
}: {
  value: number | null;
  label: string;
}): ReactElement {
  const pct = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={`progress ${pct === null ? 'progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct ?? undefined}
    >
      <div className="progress-fill" style={pct === null ? undefined : { width: `${pct}%` }} />
    </div>
  );
}
