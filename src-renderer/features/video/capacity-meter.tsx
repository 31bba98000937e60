import type { ReactElement } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';

/** "3/10 slots in use" with one segment per slot. */
export function CapacityMeter(): ReactElement {
  const t = useT();
  const capacity = useServer((s) => s.capacity);
  if (!capacity) {
    return (
      <div className="capacity capacity-loading" aria-busy="true">
        {t('video.capacity.loading')}
      </div>
    );
  }
  const full = capacity.available === 0;
  return (
    <div className={`capacity ${full ? 'capacity-full' : ''}`} data-testid="capacity">
      <div className="capacity-segments" aria-hidden="true">
        {Array.from({ length: capacity.total }, (_, i) => (
          <span key={i} className={i < capacity.used ? 'on' : ''} />
        ))}
      </div>
      <span className="capacity-text">
        {t('video.capacity.label', { used: capacity.used, total: capacity.total })}
      </span>
    </div>
  );
}
