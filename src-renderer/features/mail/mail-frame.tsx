import { useRef, type ReactElement } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useMedia } from '../../lib/use-media.ts';
import { useFrameFit } from './frame-fit.ts';
import { PHONE_QUERY } from './mail-layout-store.ts';

/**
 * The sandboxed frame a mail's HTML is shown in. No scripts, forms or top navigation, ever. On a
 * phone the frame also gets `allow-same-origin`, so that this page can read the mail's size and
 * fit it (`frame-fit.ts`); on wider screens it stays an opaque origin, as nothing needs to reach
 * into it there. Changing between the two reloads the frame (a sandbox is fixed at load).
 */
export function MailFrame({ srcdoc }: { srcdoc: string }): ReactElement {
  const t = useT();
  const phone = useMedia(PHONE_QUERY);
  const ref = useRef<HTMLIFrameElement>(null);
  useFrameFit(ref, phone);
  return (
    <iframe
      key={phone ? 'fit' : 'fill'}
      ref={ref}
      className={`mail-frame ${phone ? 'is-fitted' : ''}`}
      title={t('mail.frameTitle')}
      sandbox={
        phone
          ? 'allow-popups allow-popups-to-escape-sandbox allow-same-origin'
          : 'allow-popups allow-popups-to-escape-sandbox'
      }
      referrerPolicy="no-referrer"
      srcDoc={srcdoc}
      data-testid="mail-frame"
    />
  );
}
