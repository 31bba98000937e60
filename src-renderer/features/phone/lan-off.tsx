import type { ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { useT } from '../../i18n/i18n.ts';
import { useSettings } from '../settings/settings-store.ts';

/**
 * Phones cannot reach a loopback-only server: what would need the network address says so, and
 * offers the LAN switch, instead of showing values that point at 127.0.0.1.
 */
export function LanOff({
  text,
  testId,
  buttonTestId,
}: {
  text: string;
  testId: string;
  buttonTestId?: string;
}): ReactElement {
  const t = useT();
  const update = useSettings((s) => s.update);
  const [busy, runBusy] = useBusyAction();
  return (
    <div className="pair-lan-off" data-testid={testId}>
      <p className="notice">{text}</p>
      <Button
        variant="primary"
        icon="wifi"
        loading={busy}
        data-testid={buttonTestId}
        onClick={() => {
          runBusy(() => update({ lan_enabled: true }));
        }}
      >
        {t('pair.lanOn')}
      </Button>
    </div>
  );
}
