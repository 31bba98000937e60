import { useState, type ReactElement } from 'react';
import { api } from '../../api/client.ts';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useT } from '../../i18n/i18n.ts';
import {
  notificationsAvailable,
  setCodeNotifications,
  useCodeNotifications,
} from '../mail/code-notify.ts';

/**
 * "Notify me of new codes" in this browser (the desktop window has its own switch): turning it
 * on asks the browser's permission; a refusal is said here.
 */
export function BrowserNotifySection(): ReactElement | null {
  const t = useT();
  const on = useCodeNotifications();
  const [denied, setDenied] = useState(false);
  if (api().transport !== 'http') return null;
  // Browsers refuse notifications to a page on plain http:// from another machine: no switch
  // that cannot work, but the reason and the way that does.
  if (!window.isSecureContext) {
    return (
      <Section
        icon="bolt"
        title={t('settings.notify.title')}
        description={t('settings.notify.insecure', { origin: window.location.origin })}
        testId="browser-notify-section"
      />
    );
  }
  if (!notificationsAvailable()) return null;
  return (
    <Section
      icon="bolt"
      title={t('settings.notify.title')}
      description={denied ? t('settings.notify.denied') : t('settings.notify.description')}
      testId="browser-notify-section"
      aside={
        <Switch
          checked={on}
          label={t('settings.notify.title')}
          testId="notify-toggle"
          onChange={(next) => {
            void setCodeNotifications(next).then((now) => setDenied(next && !now));
          }}
        />
      }
    />
  );
}
