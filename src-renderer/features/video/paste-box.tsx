import { useEffect, useRef, useState, type ReactElement } from 'react';
import { asApiError, type ApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Icon } from '../../components/icon.tsx';
import { describeError, errorDetail } from '../../i18n/error-text.ts';
import { useT } from '../../i18n/i18n.ts';
import { canReadClipboard, readClipboard } from '../../lib/clipboard.ts';
import { isInstalledApp, peekSharedText, takeSharedText } from './share-launch.ts';
import { useShortcutAction } from '../../stores/shortcut-store.ts';
import { useVideo } from './video-store.ts';

const HAS_LINK = /https?:\/\/\S/i;

/**
 * Where a share text goes. Pasting into the empty box starts at once (paste-and-go); Enter
 * submits typed text, Shift+Enter adds a line. Text from the phone's share sheet arrives
 * filled in: the installed app starts it, a browser tab waits for one tap on Grab.
 */
export function PasteBox(): ReactElement {
  const t = useT();
  const submit = useVideo((s) => s.submit);
  const submitting = useVideo((s) => s.submitting);
  const [launch] = useState(peekSharedText);
  const [text, setText] = useState(launch ?? '');
  // Kept as the error itself (or 'empty'), translated while rendering: a language switch
  // re-renders it.
  const [error, setError] = useState<ApiError | 'empty' | null>(null);
  const [fromShare, setFromShare] = useState(launch !== null && !isInstalledApp());
  const area = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useShortcutAction('video.paste', () => area.current?.focus());

  const go = async (value: string): Promise<void> => {
    const trimmed = value.trim();
    if (trimmed === '') {
      setError('empty');
      area.current?.focus();
      return;
    }
    setError(null);
    setFromShare(false);
    try {
      await submit(trimmed);
      setText('');
    } catch (err) {
      setText(value);
      setError(asApiError(err));
    }
  };

  // A share launch: taken in the effect, so React's development double run acts on it once.
  useEffect(() => {
    if (launch === null || takeSharedText() === null) return;
    if (isInstalledApp()) {
      submit(launch).then(
        () => setText(''),
        (err: unknown) => setError(asApiError(err)),
      );
      return;
    }
    // After the shell has moved focus to <main> for the new screen.
    requestAnimationFrame(() => {
      form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    });
  }, [launch, submit]);

  return (
    <form
      ref={form}
      className="paste"
      onSubmit={(event) => {
        event.preventDefault();
        void go(text);
      }}
    >
      <label htmlFor="share-text" className="paste-label">
        {t('video.paste.label')}
      </label>
      <div className={`paste-box ${error ? 'has-error' : ''}`}>
        <textarea
          id="share-text"
          ref={area}
          data-testid="share-text"
          value={text}
          rows={3}
          placeholder={t('video.paste.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby="share-hint share-error"
          onChange={(event) => {
            setText(event.target.value);
            setFromShare(false);
            if (error) setError(null);
          }}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData('text');
            if (text.trim() === '' && HAS_LINK.test(pasted)) {
              event.preventDefault();
              setText(pasted);
              void go(pasted);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void go(text);
            }
          }}
        />
        <div className="paste-actions">
          {canReadClipboard() ? (
            <Button
              variant="ghost"
              icon="paste"
              onClick={() => {
                void readClipboard().then((clip) => {
                  if (clip) {
                    setText(clip);
                    void go(clip);
                  }
                });
              }}
            >
              {t('video.paste.fromClipboard')}
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            icon="download"
            loading={submitting}
            data-testid="grab"
          >
            {t('video.paste.submit')}
          </Button>
        </div>
      </div>
      <p id="share-hint" className="hint" data-testid="share-hint">
        {fromShare ? t('video.paste.sharedHint') : t('video.paste.hint')}
      </p>
      <p
        id="share-error"
        className="field-error"
        role="alert"
        data-testid="paste-error"
        title={error && error !== 'empty' ? errorDetail(error, t) : undefined}
      >
        {error ? (
          <>
            <Icon name="alert" size={16} />{' '}
            {error === 'empty' ? t('video.error.empty') : describeError(error, t)}
          </>
        ) : null}
      </p>
    </form>
  );
}
