import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { api, asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import type { Source, SourceTestResult } from '../../../src-shared/mail/sources.ts';
import { SourceForm } from './source-form.tsx';
import { sourceErrorText } from './source-error.ts';
import { SourceSignIn, signInShown, type SignInShown } from './source-sign-in.tsx';

/** How often the list refreshes while the section is open (state, mails taken). */
const REFRESH_MS = 3_000;
/** While a sign-in is shown: it moves on within a second of the provider's answer. */
const SIGN_IN_REFRESH_MS = 1_000;

/** Settings → Receive mail: existing mailboxes read over IMAP (docs/mail-in.md). */
export function ReceiveMailSection(): ReactElement {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [sources, setSources] = useState<Source[]>([]);
  const [tests, setTests] = useState<Record<string, SourceTestResult | 'testing'>>({});
  const [editing, setEditing] = useState<Source | null>(null);
  const [signIn, setSignIn] = useState<SignInShown | null>(null);

  // The sign-in shown, for the list's answers: one asked for before it opened says nothing.
  const shown = useRef<{ signIn: SignInShown | null; epoch: number }>({ signIn: null, epoch: 0 });
  const showSignIn = useCallback((next: SignInShown | null): void => {
    shown.current = { signIn: next, epoch: shown.current.epoch + 1 };
    setSignIn(next);
  }, []);

  const load = useCallback((): void => {
    const asked = shown.current.epoch;
    api()
      .sources.list()
      .then(
        (list) => {
          setSources(list);
          const open = shown.current.signIn;
          const now = open && list.find((s) => s.id === open.id);
          if (!now || asked !== shown.current.epoch || now.state === 'authorizing') return;
          // The provider answered: the panel goes by itself, saying how it ended.
          showSignIn(null);
          if (now.needs_sign_in) {
            const params = { error: sourceErrorText(t, now.last_error ?? '') };
            toast({ key: 'settings.sources.signInEnded', params }, 'error');
          } else {
            toast({ key: 'settings.sources.signedIn' }, 'success');
          }
        },
        () => undefined,
      );
  }, [showSignIn, t, toast]);

  useEffect(() => {
    load();
    const timer = setInterval(load, signIn ? SIGN_IN_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, signIn]);

  const authorize = (id: string): void => {
    api()
      .sources.authorize(id)
      .then(
        (answer) => {
          showSignIn(signInShown(id, answer));
          load();
        },
        (err: unknown) => toast(asApiError(err), 'error'),
      );
  };

  // The panel goes at once; the server stops asking the provider and the source reads its
  // state from before the sign-in on the next load.
  const cancelSignIn = (id: string): void => {
    showSignIn(null);
    api()
      .sources.cancelAuthorize(id)
      .then(load, (err: unknown) => toast(asApiError(err), 'error'));
  };

  const test = (id: string): void => {
    setTests((c) => ({ ...c, [id]: 'testing' }));
    api()
      .sources.test(id)
      .then(
        (result) => setTests((c) => ({ ...c, [id]: result })),
        (err: unknown) => {
          setTests((c) => ({
            ...c,
            [id]: { ok: false, step: null, error: null, messages: null, idle: null },
          }));
          toast(asApiError(err), 'error');
        },
      )
      .finally(load);
  };
  const remove = (id: string): void => {
    api()
      .sources.remove(id)
      .then(load, (err: unknown) => toast(asApiError(err), 'error'));
  };

  return (
    <Section
      icon="inbox"
      title={t('settings.sources.title')}
      description={t('settings.sources.description')}
      testId="receive-mail-section"
    >
      {sources.length === 0 ? <p className="muted">{t('settings.sources.empty')}</p> : null}
      {signIn ? <SourceSignIn shown={signIn} onCancel={() => cancelSignIn(signIn.id)} /> : null}
      <ul className="key-list source-list">
        {sources.map((source) => (
          <SourceRow
            key={source.id}
            source={source}
            test={tests[source.id]}
            onTest={() => test(source.id)}
            onEdit={() => setEditing(source)}
            onSignIn={() => authorize(source.id)}
            onRemove={() => remove(source.id)}
          />
        ))}
      </ul>
      {editing ? (
        <SourceForm
          key={editing.id}
          source={editing}
          onSaved={() => {
            setEditing(null);
            load();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <SourceForm
          onSaved={(started) => {
            if (started) showSignIn(signInShown(started.id, started.answer));
            load();
          }}
        />
      )}
    </Section>
  );
}

function SourceRow({
  source,
  test,
  onTest,
  onEdit,
  onSignIn,
  onRemove,
}: {
  source: Source;
  test: SourceTestResult | 'testing' | undefined;
  onTest: () => void;
  onEdit: () => void;
  onSignIn: () => void;
  onRemove: () => void;
}): ReactElement {
  const t = useT();
  const locale = useLocale();
  const state = t(`settings.sources.state.${source.state}`);
  return (
    <li data-testid="source-row">
      <div className="key-info">
        <strong>
          {source.username} · {source.host}:{source.port}
        </strong>
        <span
          className={source.state === 'error' ? 'source-status is-error' : 'source-status muted'}
          data-testid="source-status"
          // The server's own words stay at hand (a bug report, a search), as for other errors.
          title={source.last_error ?? undefined}
        >
          {state}
          {source.last_error ? ` — ${sourceErrorText(t, source.last_error)}` : ''} ·{' '}
          {t('settings.sources.taken', { count: source.taken })}
          {source.last_mail_at
            ? ` · ${t('settings.sources.lastMail', {
                time: new Date(source.last_mail_at).toLocaleString(locale),
              })}`
            : ''}
        </span>
        {test && test !== 'testing' ? (
          <span
            className={test.ok ? 'mx mx-ok' : 'mx field-error'}
            role={test.ok ? 'status' : 'alert'}
          >
            {test.ok
              ? t('settings.sources.testOk', { count: test.messages ?? 0 })
              : t('settings.sources.testFailed', {
                  error: sourceErrorText(t, test.error ?? ''),
                })}
          </span>
        ) : null}
      </div>
      <div className="row">
        {source.needs_sign_in || source.state === 'authorizing' ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={onSignIn}
            data-testid="source-sign-in-again"
          >
            {t('settings.sources.signIn')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" loading={test === 'testing'} onClick={onTest}>
          {t('settings.sources.test')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit}>
          {t('settings.sources.edit')}
        </Button>
        <Button size="sm" variant="ghost" icon="trash" onClick={onRemove}>
          {t('settings.sources.remove')}
        </Button>
      </div>
    </li>
  );
}
