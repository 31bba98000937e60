import { useEffect, useRef } from 'react';
import { visitMail } from '../features/mail/mail-visit.ts';
import { useT } from '../i18n/i18n.ts';
import { useReplaceKey } from '../stores/replace-key-store.ts';
import { useToasts } from '../stores/toast-store.ts';
import type { PairFragment } from '../lib/pair-link.ts';
import { applyPairing, takePairFragment, type PairOutcome } from './pairing.ts';

/**
 * Uses a sign-in or pairing link: the one main.tsx took out of the address bar before the first
 * render (`initial`), and any opened later in this tab (a hash change; the route is told once
 * the hash is replaced). Says how it went in a toast.
 */
export function usePairing(initial: PairFragment | null): void {
  const t = useT();
  const started = useRef(false);

  useEffect(() => {
    const say = (outcome: PairOutcome): void => {
      const toast = useToasts.getState().show;
      switch (outcome.kind) {
        case 'paired':
          toast(t('pair.paired', { name: outcome.name }), 'success');
          break;
        case 'malformed':
          toast(t('pair.malformed'), 'error');
          break;
        case 'legacy':
          toast(t('pair.legacy'), 'error');
          break;
        case 'expired':
          toast(t('pair.expired'), 'error');
          break;
        case 'declined':
          toast(t('pair.declined'), 'info');
          break;
        case 'not-needed':
          toast(t('pair.notNeeded'), 'info');
          break;
      }
    };
    const exchange = (found: PairFragment): void => {
      void applyPairing(found, (question) => useReplaceKey.getState().ask(question)).then(
        (outcome) => {
          say(outcome);
          // The link lands on Mail, which looked for a key before the exchange gave one: the
          // first visit's address is made now, as it would have been with a key at hand.
          if (outcome.kind === 'paired' && window.location.hash.startsWith('#/mail')) {
            visitMail();
          }
        },
      );
    };
    // StrictMode runs effects twice in development; the ref keeps it to one exchange.
    if (initial && !started.current) exchange(initial);
    started.current = true;

    const onHashChange = (): void => {
      const found = takePairFragment();
      if (found === null) return;
      exchange(found);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [initial, t]);
}
