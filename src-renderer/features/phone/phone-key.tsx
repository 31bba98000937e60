import type { ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { useSettings } from '../settings/settings-store.ts';

/**
 * The API key a phone's mail requests need. On the computer running Ephemera, one click makes a
 * key named "phone" and fills it into the requests below (shown this once, like in Settings);
 * on a phone, where keys cannot be made, it says where to get one.
 */
export function usePhoneKey(): { key: string | null; panel: ReactElement } {
  const t = useT();
  const local = useServer((s) => s.info?.client_is_local ?? false);
  const newKey = useSettings((s) => s.newKey);
  const createKey = useSettings((s) => s.createKey);
  const [busy, runBusy] = useBusyAction();

  if (newKey) {
    return {
      key: newKey.key,
      panel: (
        <p className="notice" data-testid="phone-key-created">
          {t('phone.mail.keyCreated', { name: newKey.name })}
        </p>
      ),
    };
  }
  if (!local) return { key: null, panel: <p className="muted">{t('phone.mail.keyElsewhere')}</p> };
  return {
    key: null,
    panel: (
      <Button
        icon="key"
        variant="secondary"
        loading={busy}
        data-testid="phone-create-key"
        onClick={() => {
          runBusy(() => createKey(t('phone.mail.keyName')));
        }}
      >
        {t('phone.mail.createKey')}
      </Button>
    ),
  };
}
