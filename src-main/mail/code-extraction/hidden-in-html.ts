/**
 * A value read from the text part that the HTML part holds only in hidden text. The mail
 * service renders a text part for HTML-only mails, and such renderings (like many senders'
 * own text parts) keep the hidden preheader, where a stale or unrelated number may sit.
 */

import { normalizeText } from './normalize.ts';
import type { SourceText } from './types.ts';

/** Letters and digits only: `482 913`, `4\t8\t2` and `<td>4</td><td>8</td>` all read alike. */
const flat = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '');

export function hiddenInHtml(rawHtml: string, visible: SourceText): (value: string) => boolean {
  let visibleFlat: string | null = null;
  let sourceFlat: string | null = null;
  return (value) => {
    const v = flat(value);
    visibleFlat ??= flat(visible.text);
    if (visibleFlat.includes(v)) return false;
    sourceFlat ??= flat(normalizeText(rawHtml.replace(/<[^>]*>/g, '')));
    return sourceFlat.includes(v);
  };
}
