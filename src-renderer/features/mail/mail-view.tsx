import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { api, asApiError, type ApiError, type Mail } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Icon } from '../../components/icon.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { formatBytes, formatWhen } from '../../lib/format.ts';
import { useMedia } from '../../lib/use-media.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { CodeChip } from './code-chip.tsx';
import { LinkBanner } from './link-banner.tsx';
import { MailAttachments, RawSourceView, SaveRawButton } from './mail-files.tsx';
import { PHONE_QUERY, useMailLayout } from './mail-layout-store.ts';
import { useInbox } from './inbox-store.ts';
import { mailDocument } from './mail-document.ts';
import { MailFrame } from './mail-frame.tsx';

/**
 * One mail: sender, subject, the code and the attachments' names at the top, then the HTML in a
 * sandboxed frame (remote content blocked until asked for, for this mail only) or the text, which
 * fills the rest of the reading pane and scrolls on its own. On a phone the page scrolls instead:
 * the mail is as high as its content, and the code stays in a slim bar at the top.
 */
export function MailView({
  mail: listed,
  onBack,
}: {
  mail: Mail;
  onBack: () => void;
}): ReactElement {
  const t = useT();
  const locale = useLocale();
  const setRead = useInbox((s) => s.setRead);
  const deleteMail = useInbox((s) => s.deleteMail);
  const toast = useToasts((s) => s.show);
  // Listings cut long bodies; "Show all" fetches the whole mail once.
  const [whole, setWhole] = useState<Mail | null>(null);
  const [wholeState, setWholeState] = useState<{ loading: boolean; error: ApiError | null }>({
    loading: false,
    error: null,
  });
  const mail = whole?.id === listed.id ? whole : listed;
  const loadWhole = (): void => {
    setWholeState({ loading: true, error: null });
    api()
      .mail.full(listed.email, listed.id)
      .then(
        (full) => {
          setWhole(full);
          setWholeState({ loading: false, error: null });
        },
        (err: unknown) => setWholeState({ loading: false, error: asApiError(err) }),
      );
  };
  const [view, setView] = useState<'html' | 'text' | 'source'>(mail.html ? 'html' : 'text');
  const [remote, setRemote] = useState(false);
  const doc = useMemo(
    () => (mail.html === null ? null : mailDocument(mail.html, remote)),
    [mail.html, remote],
  );
  const remoteBlocked = view === 'html' && !remote && doc !== null && doc.remote > 0;
  const fullView = useMailLayout((s) => s.fullView);
  const setFullView = useMailLayout((s) => s.setFullView);
  // On a phone the code rides in the bar that stays at the top while the mail scrolls.
  const phone = useMedia(PHONE_QUERY);
  const code = mail.code ? (
    <div className="mail-code">
      <span className="mail-code-label">{t('mail.code.label')}</span>
      <CodeChip code={mail.code} size={phone ? 'md' : 'lg'} />
    </div>
  ) : null;
  useEffect(() => {
    if (!fullView) return undefined;
    // Escape leaves the full view, as it closes a dialog; a dialog's own Escape comes first.
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      setFullView(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullView, setFullView]);

  return (
    <article className="mail-view" data-testid="mail-view" aria-labelledby="mail-subject">
      <div className="mail-view-top">
        <Button
          variant="ghost"
          size="sm"
          icon="back"
          className="only-narrow"
          onClick={onBack}
          data-testid="mail-back"
        >
          {t('mail.back')}
        </Button>
        {phone ? code : null}
      </div>
      <div className="mail-head-row">
        <header className="mail-head">
          <h2 id="mail-subject">{mail.subject ?? t('mail.noSubject')}</h2>
          <p className="mail-from">
            <strong>{mail.from_name ?? mail.from ?? t('mail.unknownSender')}</strong>
            {mail.from_name && mail.from ? (
              <span className="muted"> &lt;{mail.from}&gt;</span>
            ) : null}
          </p>
          <p className="mail-when muted">
            {t('mail.to', { to: mail.to.join(', ') })} · {formatWhen(mail.received_at, locale)} ·{' '}
            {formatBytes(mail.size, locale)}
          </p>
        </header>
        {phone ? null : code}
        {mail.link ? <LinkBanner link={mail.link} html={mail.html} /> : null}
      </div>
      <MailAttachments mail={mail} />
      {/* The view tabs and the mail's actions share one row, leaving the height to the mail. */}
      <div className="mail-bar">
        <div className="mail-tabs" role="tablist" aria-label={t('mail.viewAs')}>
          {(['html', 'text', 'source'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              className="tab"
              disabled={v === 'html' ? mail.html === null : v === 'text' && mail.text === null}
              onClick={() => setView(v)}
              data-testid={`mail-tab-${v}`}
            >
              {t(`mail.tab.${v}`)}
            </button>
          ))}
        </div>
        <div className="mail-actions">
          <Button
            variant="ghost"
            size="sm"
            icon={fullView ? 'shrink' : 'expand'}
            onClick={() => setFullView(!fullView)}
            className="mail-action not-phone"
            aria-pressed={fullView}
            aria-label={t('mail.layout.fullView')}
            title={fullView ? t('mail.layout.fullViewExit') : t('mail.layout.fullView')}
            data-testid="full-view"
          />
          <SaveRawButton mail={listed} />
          <Button
            variant="ghost"
            size="sm"
            icon="mail"
            onClick={() => {
              onBack();
              void setRead(listed.id, false).catch((err: unknown) =>
                toast(asApiError(err), 'error'),
              );
            }}
            className="mail-action"
            aria-label={t('mail.markUnread')}
            title={t('mail.markUnread')}
            data-testid="mark-unread"
          >
            {t('mail.markUnread')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon="trash"
            onClick={() => deleteMail(listed.id)}
            className="mail-action"
            aria-label={t('mail.delete')}
            title={t('mail.delete')}
            data-testid="delete-mail"
          >
            {t('mail.delete')}
          </Button>
        </div>
      </div>
      {remoteBlocked ? (
        <div className="remote-bar is-remote-images" role="status">
          <Icon name="image" size={16} />
          <span>{t('mail.remote.blocked')}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRemote(true)}
            data-testid="load-remote"
          >
            {t('mail.remote.load')}
          </Button>
        </div>
      ) : null}
      {mail.parse_error ? (
        <div className="remote-bar" role="status" data-testid="mail-unparsed">
          <span>{t('mail.unparsed', { reason: mail.parse_error })}</span>
        </div>
      ) : null}
      {mail.truncated ? (
        <div className="remote-bar" role="status" data-testid="mail-truncated">
          <Icon name="clip" size={16} />
          {wholeState.error ? (
            <ErrorText error={wholeState.error} />
          ) : (
            <span>{t('mail.truncated')}</span>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={loadWhole}
            disabled={wholeState.loading}
            data-testid="load-whole"
          >
            {t('mail.truncated.load')}
          </Button>
        </div>
      ) : null}
      <div className="mail-content" role="tabpanel">
        {view === 'source' ? (
          <RawSourceView email={listed.email} id={listed.id} />
        ) : view === 'html' && doc !== null ? (
          <MailFrame key={remote ? 'remote' : 'local'} srcdoc={doc.srcdoc} />
        ) : (
          <pre className="mail-text" data-testid="mail-text" tabIndex={0}>
            {mail.text ?? ''}
          </pre>
        )}
      </div>
    </article>
  );
}
