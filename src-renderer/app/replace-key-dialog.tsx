import type { ReactElement } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../i18n/i18n.ts';
import { useReplaceKey } from '../stores/replace-key-store.ts';

/**
 * "Replace this browser's key?": a sign-in link was opened in a browser that already holds a
 * key. Both keys are named (name and last four characters, never the key); keeping the current
 * one is the default, and Escape keeps it too.
 */
export function ReplaceKeyDialog(): ReactElement {
  const t = useT();
  const question = useReplaceKey((s) => s.question);
  const answer = useReplaceKey((s) => s.answer);
  const current = question?.current;
  const currentLabel = current?.name
    ? t('pair.replace.named', { name: current.name, hint: current.hint ?? '????' })
    : t('pair.replace.unnamed', { hint: current?.hint ?? '????' });
  return (
    <Dialog
      open={question !== null}
      title={t('pair.replace.title')}
      onClose={() => answer(false)}
      testId="replace-key-dialog"
    >
      <p data-testid="replace-key-current">{t('pair.replace.current', { key: currentLabel })}</p>
      <p data-testid="replace-key-offered">
        {t('pair.replace.offered', { name: question?.offered.name ?? '' })}
      </p>
      <p className="notice">{t('pair.replace.warning')}</p>
      <div className="dialog-actions">
        <Button
          variant="ghost"
          autoFocus
          data-testid="replace-key-keep"
          onClick={() => answer(false)}
        >
          {t('pair.replace.keep')}
        </Button>
        <Button variant="primary" data-testid="replace-key-confirm" onClick={() => answer(true)}>
          {t('pair.replace.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
