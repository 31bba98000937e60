import type { ReactElement } from 'react';
import type { ApiKeyInfo } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { useT } from '../../i18n/i18n.ts';

export type KeyAction = 'disable' | 'delete';

/**
 * Asks before a key is cut off: always before deleting (there is no way back), and before
 * disabling the key this browser itself uses (the next call would ask for a key). Says how to
 * get back in when it is this browser's key.
 */
export function KeyConfirm({
  pending,
  currentKeyId,
  onConfirm,
  onCancel,
}: {
  pending: { key: ApiKeyInfo; action: KeyAction } | null;
  currentKeyId: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}): ReactElement {
  const t = useT();
  const own = pending !== null && pending.key.id === currentKeyId;
  const action = pending?.action ?? 'delete';
  const name = pending?.key.name ?? '';
  return (
    <Dialog
      open={pending !== null}
      title={t(`settings.keys.confirm.${action}.title`, { name })}
      onClose={onCancel}
      testId="key-confirm"
    >
      <p className="muted">{t(`settings.keys.confirm.${action}.body`)}</p>
      {own ? (
        <p className="key-confirm-own" role="alert">
          <strong>{t('settings.keys.confirm.own')}</strong> {t('settings.keys.confirm.wayBack')}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onCancel} data-testid="key-confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="danger"
          icon={action === 'delete' ? 'trash' : undefined}
          onClick={onConfirm}
          data-testid="key-confirm-ok"
        >
          {t(`settings.keys.confirm.${action}.ok`)}
        </Button>
      </div>
    </Dialog>
  );
}
