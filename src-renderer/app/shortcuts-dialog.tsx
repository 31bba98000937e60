import { Fragment, useEffect, useRef, type ReactElement } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../i18n/i18n.ts';
import '../styles/shortcuts.css';
import { restoreFocusAfterHelp, useShortcuts } from '../stores/shortcut-store.ts';
import { SHORTCUT_GROUPS, SHORTCUTS, type KeySequence } from './shortcuts.ts';

/** Key caps drawn as the symbol printed on most keyboards. */
const KEY_CAPS: Record<string, string> = {
  ArrowDown: '↓',
  ArrowUp: '↑',
  Escape: 'Esc',
};

/** The help overlay: every shortcut of the table, by group, in the UI's language. */
export function ShortcutsDialog(): ReactElement {
  const t = useT();
  const open = useShortcuts((s) => s.helpOpen);
  const close = useShortcuts((s) => s.closeHelp);
  const wasOpen = useRef(false);

  useEffect(() => {
    // Runs after <Dialog> has closed the native dialog, when the page behind can take focus.
    if (wasOpen.current && !open) restoreFocusAfterHelp();
    wasOpen.current = open;
  }, [open]);

  return (
    <Dialog open={open} title={t('shortcuts.title')} onClose={close} testId="shortcuts-dialog">
      <p className="muted">{t('shortcuts.intro')}</p>
      <div className="shortcuts">
        {SHORTCUT_GROUPS.map(({ group, label }) => (
          <section key={group} className="shortcut-group">
            <h3 className="shortcut-group-title">{t(label)}</h3>
            <dl className="shortcut-list">
              {SHORTCUTS.filter((s) => s.group === group).map((shortcut) => (
                <div key={shortcut.label} className="shortcut-row" data-testid="shortcut">
                  <dt className="shortcut-keys">
                    <Keys keys={shortcut.keys} then={t('shortcuts.then')} or={t('shortcuts.or')} />
                  </dt>
                  <dd className="shortcut-label">{t(shortcut.label)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="dialog-actions">
        <Button variant="primary" onClick={close} data-testid="shortcuts-close">
          {t('shortcuts.done')}
        </Button>
      </div>
    </Dialog>
  );
}

function Keys({
  keys,
  then,
  or,
}: {
  keys: readonly KeySequence[];
  then: string;
  or: string;
}): ReactElement {
  return (
    <>
      {keys.map((sequence, i) => (
        <Fragment key={sequence.join(' ')}>
          {i > 0 ? <span className="shortcut-joiner"> {or} </span> : null}
          {sequence.map((key, j) => (
            <Fragment key={`${j}-${key}`}>
              {j > 0 ? <span className="shortcut-joiner"> {then} </span> : null}
              <kbd className="kbd">{KEY_CAPS[key] ?? key}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}
