import { useCallback, useState } from 'react';
import { asApiError } from '../api/client.ts';
import { useToasts } from '../stores/toast-store.ts';

/**
 * The busy state of a control around one async action: busy while it runs (the control shows a
 * spinner or is disabled), and a failure shown as an error toast.
 */
export function useBusyAction(): [busy: boolean, run: (action: () => Promise<unknown>) => void] {
  const toast = useToasts((s) => s.show);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    (action: () => Promise<unknown>) => {
      setBusy(true);
      action()
        .catch((err: unknown) => toast(asApiError(err), 'error'))
        .finally(() => setBusy(false));
    },
    [toast],
  );
  return [busy, run];
}
