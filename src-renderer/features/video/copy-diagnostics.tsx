import { useState, type ReactElement } from 'react';
import { api, asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { diagnosticsText } from './diagnostics-text.ts';

/**
 * "Copy diagnostics" on a failed task: fetches the task's redacted record when asked (it is
 * only needed for a report) and copies it as a block to paste into a bug report.
 */
export function CopyDiagnostics({ taskId }: { taskId: string }): ReactElement {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [busy, setBusy] = useState(false);
  const copy = async (): Promise<void> => {
    setBusy(true);
    try {
      const text = diagnosticsText(await api().video.diagnostics(taskId));
      if (await copyText(text)) toast(t('video.diagnostics.copied'), 'success');
      else toast(t('common.copyFailed'), 'error');
    } catch (err) {
      toast(asApiError(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="ghost"
      icon="copy"
      loading={busy}
      title={t('video.diagnostics.tip')}
      onClick={() => void copy()}
      data-testid="copy-diagnostics"
    >
      {t('video.action.copyDiagnostics')}
    </Button>
  );
}
