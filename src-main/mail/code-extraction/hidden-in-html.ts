/**
 * A value read from the text part that the HTML part holds only in hidden text. Many senders'
 * own text parts keep the hidden preheader of their HTML, where a stale or unrelated number
 * may sit. The hidden text comes from the same rendering as the visible one
 * (html-text/render-html.ts), so entities are decoded and hiding rules agree.
 */

import type { SourceText } from './types.ts';

/** Letters and digits only: `482 913`, `4\t8\t2` and `<td>4</td><td>8</td>` all read alike. */
const flat = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '');

export function hiddenInHtml(html: SourceText): (value: string) => boolean {
  let visibleFlat: string | null = null;
  let hiddenFlat: string | null = null;
  return (value) => {
    const v = flat(value);
    visibleFlat ??= flat(html.text);
    if (visibleFlat.includes(v)) return false;
    hiddenFlat ??= flat(html.hiddenText ?? '');
    return hiddenFlat.includes(v);
  };
}
