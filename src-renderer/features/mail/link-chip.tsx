import type { ReactElement } from 'react';
import { asApiError } from '../../api/client.ts';
import { Icon } from '../../components/icon.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { linkHost } from './link-host.ts';
import { openMailLink } from './open-link.ts';

/** A mail row's link: its host, shown before anything opens; a click opens it outside the app. */
export function LinkChip({
  link,
  inRow = false,
}: {
  link: string;
  /** In a mail row: out of the Tab order (one stop per row; the mail's banner has the link). */
  inRow?: boolean;
}): ReactElement | null {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const host = linkHost(link);
  if (!host) return null;
  return (
    <button
      type="button"
      className="code-chip code-chip-md link-chip"
      data-testid="link-chip"
      tabIndex={inRow ? -1 : undefined}
      title={link}
      aria-label={t('mail.link.openLabel', { host })}
      onClick={(event) => {
        event.stopPropagation();
        openMailLink(link).catch((err: unknown) => toast(asApiError(err), 'error'));
      }}
    >
      <span className="link-chip-host">{host}</span>{' '}
      <span className="code-chip-action">
        <Icon name="external" size={14} />
      </span>
    </button>
  );
}
