import type { ReactElement } from 'react';
import type { Lease } from '../../api/client.ts';
import { Countdown } from '../../components/countdown.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { serverToLocal, useServerClock } from '../../stores/server-clock.ts';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';

/**
 * The lease ring, the same in the mailbox list and the inbox header: its full circle is the
 * whole lease (the first term plus every extension), and at the end it gives way to "Expired".
 */
export function LeaseCountdown({ lease }: { lease: Lease }): ReactElement {
  const t = useT();
  const now = useNow();
  // expires_at is on the server's clock; counted down on this one.
  useServerClock((s) => s.offsetMs);
  const until = serverToLocal(Date.parse(lease.expires_at));
  if (until <= now) return <span className="pill pill-expired">{t('mail.expired')}</span>;
  return <Countdown until={until} total={leaseSeconds(lease)} label={t('mail.expiresIn')} />;
}

/** The whole lease in seconds: what the ring's full circle stands for. */
function leaseSeconds(lease: Lease): number {
  return (lease.expires_in_minutes + lease.extension_count * MAIL_LIMITS.extensionMinutes) * 60;
}
