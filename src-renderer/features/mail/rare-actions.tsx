import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useMedia } from '../../lib/use-media.ts';
import { PHONE_QUERY } from './mail-layout-store.ts';

/**
 * The inbox's rarer actions (mark all read, empty, remove). Beside the others on wider screens;
 * on a phone behind "More", a disclosure button, so the row keeps "Copy address" in words and
 * the lease. The panel stays open until "More" is pressed again: the confirmation "Empty
 * mailbox" opens is inside it and must stay rendered.
 */
export function RareActions({ children }: { children: ReactNode }): ReactElement {
  const t = useT();
  const phone = useMedia(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon="more"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        data-testid="inbox-more"
      >
        {t('mail.more')}
      </Button>
      <div id={id} className="inbox-more" hidden={!open} data-testid="inbox-more-panel">
        {children}
      </div>
    </>
  );
}
