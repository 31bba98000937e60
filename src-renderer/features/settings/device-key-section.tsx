import { useState, type ReactElement } from 'react';
import { api } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';

/** The API key this browser remembers, and the name it was paired as (browser transport only). */
export function DeviceKeySection({ onChange }: { onChange: () => void }): ReactElement | null {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [hasKey, setHasKey] = useState(() => api().auth.hasKey());
  const [pairedAs, setPairedAs] = useState(() => api().auth.keyName());
  if (!api().auth.needsKey) return null;
  return (
    <Section
      icon="key"
      title={t('settings.device.title')}
      description={
        !hasKey
          ? t('settings.device.none')
          : pairedAs
            ? t('settings.device.paired', { name: pairedAs })
            : t('settings.device.saved')
      }
      testId="device-key-section"
      aside={
        hasKey ? (
          <Button
            variant="ghost"
            onClick={() => {
              api().auth.forgetKey();
              setHasKey(false);
              setPairedAs(null);
              toast(t('settings.device.forgotten'), 'success');
            }}
          >
            {t('settings.device.forget')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onChange}>
            {t('settings.device.enter')}
          </Button>
        )
      }
    />
  );
}
