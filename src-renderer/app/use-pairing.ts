import { useEffect, useRef } from 'react';
import { useT } from '../i18n/i18n.ts';
import { useToasts } from '../stores/toast-store.ts';
import { applyPairing, takePairFragment, type PairOutcome } from './pairing.ts';

/**
 * Says how a pairing link went: the one main.tsx took before the first render (`initial`), and
 * any opened later in this tab (a hash change; the route is told once the hash is replaced).
 */
export function usePairing(initial: PairOutcome | null): void {
  const t = useT();
  const shown = useRef(false);

  useEffect(() => {
    const say = (outcome: PairOutcome): void => {
      const toast = useToasts.getState().show;
      if (outcome.kind === 'paired') {
        toast(
          outcome.name ? t('pair.paired', { name: outcome.name }) : t('pair.pairedUnnamed'),
          'success',
        );
      } else if (outcome.kind === 'malformed') {
        toast(t('pair.malformed'), 'error');
      } else {
        toast(t('pair.notNeeded'), 'info');
      }
    };
    // StrictMode runs effects twice in development; the ref keeps it to one message.
    if (initial && !shown.current) say(initial);
    shown.current = true;

    const onHashChange = (): void => {
      const found = takePairFragment();
      if (found === null) return;
      say(applyPairing(found));
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [initial, t]);
}
