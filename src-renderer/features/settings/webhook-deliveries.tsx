import type { ReactElement } from 'react';
import type { ApiError, WebhookAttempt, WebhookDeliveries } from '../../api/client.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useLocale, useT, type Translate } from '../../i18n/i18n.ts';

/** A try's time to the second (tries 5 s apart must read apart), with the date when not today. */
function formatTry(iso: string, locale: string): string {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return date.toLocaleString(locale, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** What one try came to, in a few words: the status, or the error the server gave. */
export function attemptOutcome(attempt: WebhookAttempt, t: Translate): string {
  if (attempt.error === null) return t('webhooks.delivered', { status: attempt.status_code ?? 0 });
  return attempt.status_code === null
    ? attempt.error
    : t('webhooks.failedStatus', { status: attempt.status_code, error: attempt.error });
}

/** The recent tries of one webhook: when, what came of it, and when the next try is. */
export function WebhookDeliveriesList({
  deliveries,
}: {
  deliveries: WebhookDeliveries | ApiError | 'loading';
}): ReactElement {
  const t = useT();
  const locale = useLocale();
  if (deliveries === 'loading') {
    return (
      <div className="webhook-deliveries muted">
        <Spinner /> {t('webhooks.loadingDeliveries')}
      </div>
    );
  }
  if (!('attempts' in deliveries)) {
    return (
      <div className="webhook-deliveries">
        <ErrorText error={deliveries} />
      </div>
    );
  }
  return (
    <div className="webhook-deliveries" data-testid="webhook-deliveries">
      <p className="muted">{t('webhooks.pending', { count: deliveries.pending })}</p>
      {deliveries.attempts.length === 0 ? (
        <p className="muted">{t('webhooks.noAttempts')}</p>
      ) : (
        <ol className="webhook-attempts">
          {deliveries.attempts.map((a, i) => (
            <li key={`${a.event_id}-${a.attempted_at}-${i}`} className={`is-${a.event_state}`}>
              <span className="mono">{formatTry(a.attempted_at, locale)}</span>
              <span className="mono">{a.type}</span>
              <span>{attemptOutcome(a, t)}</span>
              <span className="muted">
                {a.next_attempt_at
                  ? t('webhooks.nextTry', { when: formatTry(a.next_attempt_at, locale) })
                  : a.event_state === 'failed'
                    ? t('webhooks.givenUp')
                    : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
