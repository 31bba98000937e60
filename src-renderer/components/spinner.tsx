import type { ReactElement } from 'react';

/** A small busy indicator that inherits the text colour. */
export function Spinner({ label }: { label?: string }): ReactElement {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} />;
}
