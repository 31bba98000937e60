/**
 * Which URLs a mail may use, decided once for every place one can appear (attributes and CSS).
 * A mail is shown in a frame whose relative URLs would resolve against this app's own address,
 * so only absolute URLs are ever kept.
 */

/** The URL without whitespace and control characters, which browsers skip inside a scheme. */
function squeeze(raw: string): string {
  let out = '';
  for (const ch of raw) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) out += ch;
  }
  return out;
}

/** What a resource URL (something the frame would fetch) turns into. */
export type ResourceVerdict = 'inline' | 'remote' | 'refused';

/** `data:` images load from the mail itself; http(s) and protocol-relative URLs are remote. */
export function resourceVerdict(raw: string): ResourceVerdict {
  const url = squeeze(raw);
  if (/^data:image\//i.test(url)) return 'inline';
  if (/^(?:https?:)?\/\/[^/]/i.test(url)) return 'remote';
  return 'refused';
}

/** The form a remote URL is kept in once allowed: protocol-relative becomes https. */
export function absoluteRemote(raw: string): string {
  const url = raw.trim();
  return url.startsWith('//') ? `https:${url}` : url;
}

/** Links a person may follow from a mail (they open in a new tab, without a referrer). */
export function isFollowableLink(raw: string): boolean {
  const url = squeeze(raw);
  return /^(?:https?:\/\/|mailto:|tel:)/i.test(url);
}

/**
 * Counts the remote references met while one mail is sanitised and says whether to keep them.
 * Refused URLs are never kept; remote ones only when the person allowed them for this mail.
 */
export class RemotePolicy {
  remote = 0;
  constructor(readonly allowRemote: boolean) {}

  /** The URL to keep in place of `raw`, or null to drop what holds it. */
  keep(raw: string): string | null {
    const verdict = resourceVerdict(raw);
    if (verdict === 'inline') return raw.trim();
    if (verdict === 'refused') return null;
    this.remote += 1;
    return this.allowRemote ? absoluteRemote(raw) : null;
  }
}
