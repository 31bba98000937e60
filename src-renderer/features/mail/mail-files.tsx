import { useEffect, useState, type ReactElement } from 'react';
import {
  api,
  asApiError,
  type ApiError,
  type Mail,
  type RawSource,
  type SaveOutcome,
} from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Icon } from '../../components/icon.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { formatBytes } from '../../lib/format.ts';
import { useToasts } from '../../stores/toast-store.ts';

/**
 * Runs one save at a time per button (`busy` names it) and says how it ended: an error as a
 * toast; "Saved" only in the desktop app, where the native dialog has closed (a browser shows
 * its own download).
 */
function useSave(): {
  busy: string | null;
  save: (id: string, run: () => Promise<SaveOutcome>) => void;
} {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [busy, setBusy] = useState<string | null>(null);
  const save = (id: string, run: () => Promise<SaveOutcome>): void => {
    setBusy(id);
    run().then(
      (outcome) => {
        setBusy(null);
        if (outcome === 'saved' && api().transport === 'ipc') toast(t('mail.saved'), 'success');
      },
      (err: unknown) => {
        setBusy(null);
        toast(asApiError(err), 'error');
      },
    );
  };
  return { busy, save };
}

/** "Download .eml": the message exactly as received. */
export function SaveRawButton({ mail }: { mail: Mail }): ReactElement {
  const t = useT();
  const { busy, save } = useSave();
  return (
    <Button
      variant="ghost"
      size="sm"
      icon="download"
      loading={busy !== null}
      onClick={() => save('raw', () => api().mail.saveRaw(mail))}
      className="mail-action"
      aria-label={t('mail.saveEml')}
      title={t('mail.saveEml')}
      data-testid="save-eml"
    >
      {t('mail.saveEml')}
    </Button>
  );
}

/** The attachments' names, types and sizes, each with a Download action. */
export function MailAttachments({ mail }: { mail: Mail }): ReactElement | null {
  const t = useT();
  const locale = useLocale();
  const { busy, save } = useSave();
  if (mail.attachments.length === 0) return null;
  return (
    <section className="attachments" aria-label={t('mail.attachments')}>
      <h3>{t('mail.attachments')}</h3>
      <ul>
        {mail.attachments.map((a, i) => {
          // Without control and format characters: a right-to-left override could show
          // "invoice‮fdp.exe" as "invoiceexe.pdf" (the saved file loses them too).
          const name = a.filename?.replace(/[\p{Cc}\p{Cf}]/gu, '') || t('mail.unnamed');
          return (
            <li key={i} data-testid="attachment">
              <Icon name="clip" size={16} />
              <span className="attachment-info">
                <span className="attachment-name">{name}</span>
                <span className="muted">
                  {a.content_type} · {formatBytes(a.size, locale)}
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                icon="download"
                loading={busy === String(i)}
                aria-label={t('mail.attachment.saveNamed', { name })}
                onClick={() => save(String(i), () => api().mail.saveAttachment(mail, i))}
                data-testid="save-attachment"
              >
                {t('mail.attachment.save')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The start of the raw message as text, loaded when the "Source" tab opens. */
export function RawSourceView({ email, id }: { email: string; id: number }): ReactElement {
  const t = useT();
  const locale = useLocale();
  // Keyed by the mail: another mail's answer (or a late one) is never shown for this one.
  const key = `${email}/${id}`;
  const [state, setState] = useState<{
    key: string;
    source: RawSource | null;
    error: ApiError | null;
  } | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .mail.rawSource(email, id)
      .then(
        (source) => live && setState({ key: `${email}/${id}`, source, error: null }),
        (err: unknown) =>
          live && setState({ key: `${email}/${id}`, source: null, error: asApiError(err) }),
      );
    return () => {
      live = false;
    };
  }, [email, id]);
  if (state === null || state.key !== key)
    return <p className="muted">{t('mail.source.loading')}</p>;
  if (state.error !== null || state.source === null)
    return (
      <p className="remote-bar" role="alert">
        {state.error ? <ErrorText error={state.error} /> : null}
      </p>
    );
  const { source } = state;
  return (
    <>
      {source.truncated ? (
        <p className="remote-bar" role="status" data-testid="source-truncated">
          {t('mail.source.truncated', {
            shown: formatBytes(new TextEncoder().encode(source.text).length, locale),
            total: formatBytes(source.bytes, locale),
          })}
        </p>
      ) : null}
      {/* Focusable so that it can be scrolled with the keyboard. */}
      <pre className="mail-text mail-source" data-testid="mail-source" tabIndex={0}>
        {source.text}
      </pre>
    </>
  );
}
