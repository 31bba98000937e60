import { useState, type ReactElement } from 'react';
import { api, asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Icon } from '../../components/icon.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { CopyDiagnostics } from './copy-diagnostics.tsx';
import { useVideo, type TaskEntry } from './video-store.ts';

/**
 * What a task card offers for its state (`shown`): preview and download (or save, on the
 * desktop) when done, retry and diagnostics when failed, cancel or delete while it lives, and
 * dismiss after.
 */
export function TaskActions({
  entry,
  shown,
  previewing,
  onPreview,
}: {
  entry: TaskEntry;
  shown: string;
  previewing: boolean;
  onPreview: () => void;
}): ReactElement {
  const t = useT();
  const cancel = useVideo((s) => s.cancel);
  const dismiss = useVideo((s) => s.dismiss);
  const forget = useVideo((s) => s.forget);
  const submit = useVideo((s) => s.submit);
  const toast = useToasts((s) => s.show);
  const [busy, setBusy] = useState(false);
  const media = entry.task?.media ?? null;
  const save = api().video.save;

  const run = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast(asApiError(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="task-actions">
      {shown === 'completed' && media ? (
        <>
          <Button
            variant={previewing ? 'secondary' : 'ghost'}
            icon={previewing ? 'x' : 'play'}
            onClick={onPreview}
            aria-expanded={previewing}
            data-testid="preview"
          >
            {previewing ? t('video.action.closePreview') : t('video.action.preview')}
          </Button>
          {save && entry.task ? (
            <Button
              variant="primary"
              icon="download"
              loading={busy}
              onClick={() => {
                const task = entry.task;
                if (!task) return;
                void run(async () => {
                  if ((await save(task)) === 'saved') toast(t('video.saved'), 'success');
                });
              }}
            >
              {t('video.action.save')}
            </Button>
          ) : (
            <a
              className="btn btn-primary btn-md"
              href={api().video.mediaUrl(media.download_url)}
              download
              data-testid="download"
            >
              <Icon name="download" />
              <span>{t('video.action.download')}</span>
            </a>
          )}
        </>
      ) : null}
      {shown === 'failed' && entry.task?.retryable ? (
        <Button
          variant="secondary"
          icon="refresh"
          onClick={() =>
            void run(async () => {
              await submit(entry.text);
              dismiss(entry.id);
            })
          }
        >
          {t('video.action.retry')}
        </Button>
      ) : null}
      {shown === 'failed' && entry.task ? <CopyDiagnostics taskId={entry.task.task_id} /> : null}
      {shown === 'queued' || shown === 'processing' || shown === 'completed' ? (
        <Button
          variant="ghost"
          icon={shown === 'completed' ? 'trash' : 'x'}
          onClick={() => cancel(entry.id)}
          data-testid="cancel"
        >
          {shown === 'completed' ? t('video.action.delete') : t('video.action.cancel')}
        </Button>
      ) : (
        <Button variant="ghost" icon="x" onClick={() => forget(entry.id)} data-testid="dismiss">
          {t('video.action.dismiss')}
        </Button>
      )}
    </div>
  );
}
