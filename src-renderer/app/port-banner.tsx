import { useState, type ReactElement } from 'react';
import { api } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { Icon } from '../components/icon.tsx';
import { useT } from '../i18n/i18n.ts';

/**
 * Desktop only: a port Ephemera was set to use was taken by another program at this start, so
 * it listens on a free one for now. Phones and scripts set up with the old address need the
 * new one; the preferred port is tried again at the next start.
 */
export function PortBanner(): ReactElement | null {
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  const changes = api().desktop?.portChanges() ?? [];
  if (dismissed || changes.length === 0) return null;
  return (
    <div className="port-banner notice" role="status" data-testid="port-banner">
      <Icon name="alert" />
      <div>
        {changes.map((change) => (
          <p key={change.service}>
            {t(change.service === 'http' ? 'desktop.port.http' : 'desktop.port.smtp', {
              preferred: change.preferred,
              actual: change.actual,
            })}
          </p>
        ))}
        <p className="muted">{t('desktop.port.next')}</p>
      </div>
      <Button variant="ghost" onClick={() => setDismissed(true)}>
        {t('common.dismiss')}
      </Button>
    </div>
  );
}
