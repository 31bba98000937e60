import type { ReactElement } from 'react';
import { describeError, errorDetail } from '../i18n/error-text.ts';
import { useT } from '../i18n/i18n.ts';
import { useToasts } from '../stores/toast-store.ts';
import { Icon } from './icon.tsx';

/** The live region where toasts appear; screen readers hear them too. */
export function Toaster(): ReactElement {
  const t = useT();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
        >
          <Icon name={toast.tone === 'error' ? 'alert' : 'check'} />
          {typeof toast.text === 'string' ? (
            <span>{toast.text}</span>
          ) : (
            <span title={errorDetail(toast.text, t)}>{describeError(toast.text, t)}</span>
          )}
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
