import { useMemo, type ReactElement } from 'react';
import { asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { linkHost, mismatchedHost, type HostWarning } from './link-host.ts';
import { openMailLink } from './open-link.ts';

const WARNING_TEXT = {
  other: 'mail.link.hostWarning',
  lookalike: 'mail.link.lookalikeWarning',
  'lookalike-host': 'mail.link.lookalikeHostWarning',
} as const satisfies Record<HostWarning['kind'], string>;

/** The anchors of a mail's HTML, read with DOMParser (inert: nothing runs or loads). */
function anchorsOf(html: string | null): { href: string; text: string }[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('a[href]')].slice(0, 500).map((a) => ({
    href: a.getAttribute('href') ?? '',
    text: a.textContent ?? '',
  }));
}

/**
 * The link to open (the mail's `link`), beside the code: its host first, so the person sees
 * where it goes before it opens, then "Open link" (system browser or a new tab) and "Copy
 * link"; a warning when the text on the link names another host than the one it opens, or imitates
 * one with look-alike or hidden characters.
 */
export function LinkBanner({
  link,
  html,
}: {
  link: string;
  html: string | null;
}): ReactElement | null {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const host = linkHost(link);
  const other = useMemo(() => mismatchedHost(link, anchorsOf(html)), [link, html]);
  if (!host) return null;
  return (
    <div className="mail-link" data-testid="link-banner">
      <span className="mail-code-label">{t('mail.link.label')}</span>
      <span className="mail-link-host" title={link} data-testid="link-host">
        {host}
      </span>
      <Button
        variant="primary"
        size="sm"
        icon="external"
        title={link}
        data-testid="open-link"
        onClick={() => {
          openMailLink(link).catch((err: unknown) => toast(asApiError(err), 'error'));
        }}
      >
        {t('mail.link.open')}
      </Button>
      <Button
        size="sm"
        icon="copy"
        data-testid="copy-link"
        onClick={() => {
          void copyText(link).then((ok) =>
            toast(
              ok ? t('mail.link.copied', { host }) : t('common.copyFailed'),
              ok ? 'success' : 'error',
            ),
          );
        }}
      >
        {t('mail.link.copy')}
      </Button>
      {other ? (
        <p className="mail-link-warning" role="alert" data-testid="link-host-warning">
          {t(WARNING_TEXT[other.kind], { named: other.named, host })}
        </p>
      ) : null}
    </div>
  );
}
