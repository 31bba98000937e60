import { Resolver } from 'node:dns/promises';
import type { MxCheck } from '../../../src-shared/api/server-settings.ts';
import { settingsInvalid } from '../../core/app-error.ts';
import { normalizeDomain } from '../../../src-shared/mail/address.ts';

export type MxResolver = (domain: string) => Promise<{ exchange: string; priority: number }[]>;

/** node:dns with a 4 s timeout and one try: the settings screen waits for it. */
export function systemMxResolver(): MxResolver {
  const resolver = new Resolver({ timeout: 4000, tries: 1 });
  return (domain) => resolver.resolveMx(domain);
}

/**
 * Looks up a domain's MX records, so the settings screen can say whether mail for it would
 * reach this machine. A lookup that fails is an answer with a sentence, not an error.
 */
export async function checkMx(raw: string, resolveMx: MxResolver): Promise<MxCheck> {
  const domain = normalizeDomain(raw);
  if (!domain) throw settingsInvalid('domain_invalid', `"${raw}" is not a domain name.`);
  try {
    const records = (await resolveMx(domain))
      .map((r) => ({ exchange: r.exchange, priority: r.priority }))
      .sort((a, b) => a.priority - b.priority);
    if (records.length === 0) return noMx(domain);
    return { domain, records, error: null, problem: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return noMx(domain);
    return {
      domain,
      records: [],
      error: `The MX lookup for ${domain} failed (${code ?? 'DNS error'}). Check this computer's network.`,
      problem: 'lookup_failed',
    };
  }
}

function noMx(domain: string): MxCheck {
  return { domain, records: [], error: `${domain} has no MX record.`, problem: 'no_mx' };
}
