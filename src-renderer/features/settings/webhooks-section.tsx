import { useEffect, useState, type ReactElement } from 'react';
import { asApiError, type WebhookView } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Section } from '../../components/section.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { attemptOutcome, WebhookDeliveriesList } from './webhook-deliveries.tsx';
import { useWebhooks } from './webhooks-store.ts';

/** Webhooks: add one (its secret shown once), send a test event, see deliveries, delete. */
/**
 * Where the signature check is explained, with a library per language: the deliveries are
 * signed the Standard Webhooks way (docs/API.md, Webhooks), so its own page is the one that
 * helps, and it works from any copy of the app (no docs are served by the app itself).
 */
const SIGNATURE_DOCS =
  'https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md#verifying-webhook-authenticity';

export function WebhooksSection(): ReactElement {
  const t = useT();
  const hooks = useWebhooks((s) => s.hooks);
  const state = useWebhooks((s) => s.state);
  const error = useWebhooks((s) => s.error);
  const created = useWebhooks((s) => s.created);
  const load = useWebhooks((s) => s.load);
  const add = useWebhooks((s) => s.add);
  const clearCreated = useWebhooks((s) => s.clearCreated);
  const toast = useToasts((s) => s.show);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = (): void => {
    if (url.trim() === '') return;
    setAdding(true);
    add(url.trim(), description.trim())
      .then(() => {
        setUrl('');
        setDescription('');
      })
      .catch((err: unknown) => toast(asApiError(err), 'error'))
      .finally(() => setAdding(false));
  };

  return (
    <Section
      icon="bolt"
      title={t('webhooks.title')}
      description={
        <>
          {t('webhooks.description')}{' '}
          <a
            href={SIGNATURE_DOCS}
            target="_blank"
            rel="noreferrer noopener"
            data-testid="webhook-signature-docs"
          >
            {t('webhooks.signatureLink')}
          </a>
        </>
      }
      testId="webhooks-section"
    >
      {created ? (
        <div className="new-key" role="status" data-testid="new-webhook">
          <p>
            <strong>{t('webhooks.newTitle')}</strong>
          </p>
          <p className="muted">{t('webhooks.shownOnce')}</p>
          <code className="key-value" data-testid="webhook-secret">
            {created.secret}
          </code>
          <div className="row">
            <CopyButton text={created.secret} variant="primary" />
            <Button variant="ghost" onClick={clearCreated}>
              {t('webhooks.done')}
            </Button>
          </div>
        </div>
      ) : null}
      {state === 'error' && error ? (
        <p className="notice">
          <ErrorText error={error} />
        </p>
      ) : null}
      {state === 'ready' && hooks.length === 0 ? (
        <p className="muted">{t('webhooks.empty')}</p>
      ) : null}
      <ul className="key-list webhook-list">
        {hooks.map((hook) => (
          <WebhookRow key={hook.id} hook={hook} />
        ))}
      </ul>
      <form
        className="webhook-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="webhook-url">{t('webhooks.url')}</label>
        <input
          id="webhook-url"
          type="url"
          inputMode="url"
          value={url}
          maxLength={2048}
          placeholder="http://127.0.0.1:8099/hook"
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor="webhook-description">{t('webhooks.descriptionLabel')}</label>
        <input
          id="webhook-description"
          value={description}
          maxLength={200}
          placeholder={t('webhooks.descriptionPlaceholder')}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="row">
          <Button
            type="submit"
            variant="secondary"
            icon="plus"
            loading={adding}
            disabled={url.trim() === ''}
          >
            {t('webhooks.add')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function WebhookRow({ hook }: { hook: WebhookView }): ReactElement {
  const t = useT();
  const locale = useLocale();
  const test = useWebhooks((s) => s.tests[hook.id]);
  const deliveries = useWebhooks((s) => s.deliveries[hook.id]);
  const sendTest = useWebhooks((s) => s.sendTest);
  const remove = useWebhooks((s) => s.remove);
  const showDeliveries = useWebhooks((s) => s.showDeliveries);
  const hideDeliveries = useWebhooks((s) => s.hideDeliveries);
  const toast = useToasts((s) => s.show);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <li className="webhook-item" data-testid="webhook-item">
      <div className="key-info">
        <strong className="mono webhook-url">{hook.url}</strong>
        <span className="muted">
          {hook.description ? `${hook.description} · ` : ''}
          {t('webhooks.created', { date: new Date(hook.created_at).toLocaleDateString(locale) })}
        </span>
        {test && test !== 'sending' ? (
          <span
            role="status"
            data-testid="webhook-test-result"
            className={'attempted_at' in test && test.error === null ? 'mx mx-ok' : 'mx mx-bad'}
          >
            {'attempted_at' in test ? attemptOutcome(test, t) : <ErrorText error={test} />}
          </span>
        ) : null}
      </div>
      <div className="row">
        <Button
          size="sm"
          variant="ghost"
          icon="bolt"
          loading={test === 'sending'}
          onClick={() => void sendTest(hook.id)}
        >
          {t('webhooks.test')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={deliveries !== undefined}
          onClick={() =>
            deliveries === undefined ? void showDeliveries(hook.id) : hideDeliveries(hook.id)
          }
        >
          {t('webhooks.deliveries')}
        </Button>
        {deliveries !== undefined ? (
          <Button
            size="sm"
            variant="ghost"
            icon="refresh"
            aria-label={t('webhooks.refresh')}
            onClick={() => void showDeliveries(hook.id)}
          />
        ) : null}
        {confirmDelete ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setConfirmDelete(false);
              remove(hook.id).catch((err: unknown) => toast(asApiError(err), 'error'));
            }}
          >
            {t('webhooks.confirmDelete')}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" icon="trash" onClick={() => setConfirmDelete(true)}>
            {t('webhooks.delete')}
          </Button>
        )}
      </div>
      {deliveries !== undefined ? <WebhookDeliveriesList deliveries={deliveries} /> : null}
    </li>
  );
}
