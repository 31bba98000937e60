/**
 * Whether a candidate is the number of an identifier label ("Order 58213", "4471029
 * (Kundennummer)") rather than a code.
 */

import { nearbyLabels } from './label-index.ts';
import { endsSentence, lineBreaks, wordCost } from './text-layout.ts';
import type { Candidate, Label } from './types.ts';

/** The nearest label before the candidate (or right after it) is an identifier label. */
export function nextToIdentifier(c: Candidate, text: string, labels: readonly Label[]): boolean {
  let before: Label | undefined;
  let beforeIndex = -1;
  const { from, after: next } = nearbyLabels(c, labels);
  for (let i = from; i < next; i++) {
    const l = labels[i] as Label;
    if (l.end <= c.start && (!before || l.end > before.end)) {
      before = l;
      beforeIndex = i;
    }
  }
  const after = labels[next];
  if (before?.negative) {
    const gap = text.slice(before.end, c.start);
    if (
      gap.length <= 30 &&
      lineBreaks(gap) <= 1 &&
      IDENTIFIER_GLUE.test(gap) &&
      !endsCodeLabelPhrase(before, gap, text, labels.slice(from, beforeIndex))
    ) {
      return true;
    }
  }
  if (after?.negative) {
    // "4471029 (Kundennummer)": only brackets and spaces between.
    const gap = text.slice(c.end, after.start);
    if (/^[ \t(（[]{0,3}$/.test(gap)) return true;
  }
  return false;
}

/**
 * What may stand between an identifier label and its number: punctuation, "No.", "Nr.", "#",
 * "ID", "number", or a copula ("Order number is 58213", 订单号为, 주문번호는). Anything else
 * ("Ubisoft-Konto lautet 552910") means the label is about something else.
 */
const IDENTIFIER_GLUE =
  /^[\s\p{P}\p{S}]*(?:(?:no|nr|n|nº|n°|num|number|nummer|num[ée]ro|n[úu]mero|numero|numer|nomor|numarası|số|номер|رقم|شماره|מספר|id|is|es|est|ist|é|è|to|de|do|da|del|du|为|為|是|は|が|는|은|이|가)\.?[\s\p{P}\p{S}]*)?$/iu;

/** An identifier phrase that names a number ("account number", "Kundennr.", "client ID"). */
const NAMES_A_NUMBER =
  /(?:^|[^\p{L}])(?:no|nr|n[º°]|num\p{L}*|number|nummer|numer|nomor|numarası|số|номер|رقم|شماره|מספר|id)(?:[^\p{L}]|$)|(?:nummer|nr)\.?$|번호|番号|号|號/iu;

/**
 * "Here is your security code to sign in to your account:\n482913" and "code de sécurité pour
 * votre Espace Client : 389568": the identifier word ends the sentence of a code label and only
 * a colon or a line break follows, so the number is the code, not the account's ("code
 * requested for account 58213094" stays an account number). Not when the
 * identifier names a number ("code for customer number: 4471029"), nor when a sentence end or
 * a number stands between the code label and the identifier.
 */
function endsCodeLabelPhrase(
  identifier: Label,
  gap: string,
  text: string,
  earlier: readonly Label[],
): boolean {
  if (!/^[\s\p{P}\p{S}]*$/u.test(gap) || !/[:：\n]/.test(gap)) return false;
  if (NAMES_A_NUMBER.test(text.slice(identifier.start, identifier.end))) return false;
  return earlier.some((l) => {
    if (l.negative || l.end > identifier.start) return false;
    const between = text.slice(l.end, identifier.start);
    return (
      lineBreaks(between) === 0 &&
      !endsSentence(between) &&
      !/\d/.test(between) &&
      wordCost(between) <= 40
    );
  });
}

/** The number an identifier label names: groups with a digit ("DE89 3704 0044", "58213-01"). */
const IDENTIFIER_VALUE = /^(?:[\s:#.,-]*(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)*)+/u;

/**
 * `text[from, to)` with the numbers that identifier labels inside it name blanked out: in "Ihre
 * TAN für die Überweisung an IBAN DE89 3704 0044 0532 0130 00 lautet: 735016" the IBAN is one
 * thing the sentence mentions, not numbers competing with the code.
 */
export function withoutIdentifierValues(
  text: string,
  from: number,
  to: number,
  labels: readonly Label[],
): string {
  let out = '';
  let pos = from;
  for (const l of labels) {
    if (!l.negative || l.start < pos || l.end > to) continue;
    const value = IDENTIFIER_VALUE.exec(text.slice(l.end, to))?.[0] ?? '';
    out += text.slice(pos, l.end) + ' ';
    pos = l.end + value.length;
  }
  return out + text.slice(pos, to);
}
