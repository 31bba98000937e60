import type { ReactElement } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { newAddressDomain, useNewAddressDomain } from './new-address-domain.ts';

/**
 * The domain New address (and Several…) use, picked among the pool's entries; preselected is
 * the server's `default_domain`. Shown only when there is a choice (two entries or more).
 */
export function NewAddressDomainSelect(): ReactElement | null {
  const t = useT();
  const info = useServer((s) => s.info);
  const chosen = useNewAddressDomain((s) => s.chosen);
  const choose = useNewAddressDomain((s) => s.choose);
  const domains = info?.domains ?? [];
  if (domains.length < 2) return null;
  return (
    <label className="new-domain">
      <span className="new-domain-label">{t('mail.newDomain')}</span>
      <select
        value={newAddressDomain(info, chosen) ?? ''}
        onChange={(event) => choose(event.target.value)}
        data-testid="new-mailbox-domain"
      >
        {domains.map((domain) => (
          <option key={domain} value={domain}>
            {domain}
          </option>
        ))}
      </select>
    </label>
  );
}
