import type { ReactElement } from 'react';
import { ApiError } from '../api/api-error.ts';
import { describeError, errorDetail } from '../i18n/error-text.ts';
import { useT } from '../i18n/i18n.ts';
import { useToasts, type Toast } from '../stores/toast-store.ts';
import { Icon } from './icon.tsx';
import '../styles/toast-action.css';

/**
 * The live region where toasts appear; screen readers hear them too (an action's label is read
 * with the text, e.g. "Mail deleted, Undo").
 */
export function Toaster(): ReactElement {
  const t = useT();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const remove = useToasts((s) => s.remove);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <Icon name={toast.tone === 'error' ? 'alert' : 'check'} />
          <ToastText text={toast.text} />
          {toast.action ? (
            <button
              type="button"
              className="toast-action"
              data-testid="toast-action"
              onClick={() => {
                const run = toast.action?.run;
                remove(toast.id);
                run?.();
                // The button is gone: keep keyboard focus in the page, not on <body>.
                document.getElementById('main')?.focus({ preventScroll: true });
              }}
            >
              {t(toast.action.label)}
            </button>
          ) : null}
          <button
            type="button"
            className="toast-close"
            aria-label={t('common.dismiss')}
            onClick={() => dismiss(toast.id)}
          >
            <Icon name="x" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}

function ToastText({ text }: { text: Toast['text'] }): ReactElement {
  const t = useT();
  if (typeof text === 'string') return <span>{text}</span>;
  if (text instanceof ApiError) {
    return <span title={errorDetail(text, t)}>{describeError(text, t)}</span>;
  }
  return <span>{t(text.key, text.params)}</span>;
}
