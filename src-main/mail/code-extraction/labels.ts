/**
 * Finds the label phrases in one source text: code labels (positive) and identifier labels
 * (negative). A code word that is part of an identifier phrase ("promo code", "código da
 * reserva", クーポンコード) is dropped in favour of the identifier.
 */

import { AnchorGate } from './anchor-gate.ts';
import {
  CODE_LABELS,
  IDENTIFIER_LABELS,
  MEETING_CUES,
  RECEIPT_CUES,
  TRAVEL_CUES,
} from './keywords/index.ts';
import type { LabelKind, LabelPattern } from './keywords/index.ts';
import { forEachMatch } from './matches.ts';
import type { Label, Span } from './types.ts';

/** What the whole mail is about, where it changes what a label means. Read lazily. */
export interface MailContext {
  /** A booking or trip: "confirmation code" is a booking reference. */
  readonly travel: boolean;
  /** A meeting invitation: "passcode" is the meeting's password. */
  readonly meeting: boolean;
  /** A payment receipt: "authorization code" is the bank's approval number. */
  readonly receipt: boolean;
}

/**
 * The context of a mail, each cue looked for once and only when a label asks (most mails never
 * need it); a class, because an object literal with getters is slow to build.
 */
class LazyMailContext implements MailContext {
  private all: string | null = null;
  private readonly found = new Map<readonly RegExp[], boolean>();

  constructor(private readonly texts: readonly string[]) {}

  get travel(): boolean {
    return this.has(TRAVEL_CUES);
  }

  get meeting(): boolean {
    return this.has(MEETING_CUES);
  }

  get receipt(): boolean {
    return this.has(RECEIPT_CUES);
  }

  private has(cues: readonly RegExp[]): boolean {
    let found = this.found.get(cues);
    if (found === undefined) {
      const all = (this.all ??= this.texts.join('\n'));
      // `search` ignores the global flag and `lastIndex`.
      found = cues.some((re) => all.search(re) >= 0);
      this.found.set(cues, found);
    }
    return found;
  }
}

export function mailContext(texts: readonly string[]): MailContext {
  return new LazyMailContext(texts);
}

function demoted(kind: LabelKind, context: MailContext): boolean {
  switch (kind) {
    case 'confirmation':
      return context.travel;
    case 'passcode':
      return context.meeting;
    case 'payment':
      return context.receipt;
    case 'code':
      return false;
  }
}

/** Every code label's anchors, each looked for once per window. */
const anchorGate = new AnchorGate(CODE_LABELS.map((p) => p.anchors));

/**
 * Labels in `text`, looking only inside `windows` (all of it when omitted). Each pattern runs
 * only when the window holds one of its anchors or its script; `gate: false` runs them all
 * (a test checks that both give the same labels).
 */
export function findLabels(
  text: string,
  context: MailContext,
  windows: readonly Span[] = [{ start: 0, end: text.length }],
  gate = true,
): Label[] {
  return labelsIn(text, context, windows, gate, false) ?? [];
}

/**
 * `findLabels(text, context, windows)`, or null when no window holds a code label that the
 * context leaves a code label: then no candidate can be linked to a label, and the identifier
 * labels are not looked for.
 */
export function labelsIfCodeLabelled(
  text: string,
  context: MailContext,
  windows: readonly Span[],
): Label[] | null {
  return labelsIn(text, context, windows, true, true);
}

function labelsIn(
  text: string,
  context: MailContext,
  windows: readonly Span[],
  gate: boolean,
  nullWithoutCodeLabel: boolean,
): Label[] | null {
  const parts = windows.map((w) =>
    w.start === 0 && w.end === text.length ? text : text.slice(w.start, w.end),
  );
  const negatives: Label[] = [];
  const positives: Label[] = [];
  windows.forEach((w, i) =>
    codeLabelsIn(parts[i] ?? '', w.start, context, gate, positives, negatives),
  );
  if (nullWithoutCodeLabel && positives.length === 0) return null;
  // Gathered after the code labels: two negative labels over one span are equal (weight 0, the
  // same phrase), so whether identifiers or demoted code labels come first does not change
  // what the (stable) sort below returns.
  windows.forEach((w, i) => identifiersIn(parts[i] ?? '', w.start, gate, negatives));
  const kept = positives.filter((p) => !negatives.some((n) => n.start < p.end && p.start < n.end));
  return [...kept, ...negatives].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** A strong code label: one the subject announces a code with. */
export const isStrongCodeLabel = (l: Label): boolean => !l.negative && l.weight >= 0.8;

/**
 * `findLabels(text, context).some(isStrongCodeLabel)`, for a subject without candidates: the
 * identifier labels only matter there by hiding a code label they overlap, so they are not
 * looked for when no strong code label is found.
 */
export function announcesCode(text: string, context: MailContext): boolean {
  const positives: Label[] = [];
  const negatives: Label[] = [];
  codeLabelsIn(text, 0, context, true, positives, negatives);
  const strong = positives.filter(isStrongCodeLabel);
  if (strong.length === 0) return false;
  identifiersIn(text, 0, true, negatives);
  return strong.some((p) => !negatives.some((n) => n.start < p.end && p.start < n.end));
}

/** Identifier labels in one window (`part`, at `offset` in its text). */
function identifiersIn(part: string, offset: number, gate: boolean, negatives: Label[]): void {
  for (const { re, script } of IDENTIFIER_LABELS) {
    if (gate && !script.test(part)) continue;
    forEachMatch(re, part, (m) => negatives.push(makeLabel(m, offset, 0, true)));
  }
}

/** Code labels in one window; those the mail's context demotes become identifiers. */
function codeLabelsIn(
  part: string,
  offset: number,
  context: MailContext,
  gate: boolean,
  positives: Label[],
  negatives: Label[],
): void {
  if (gate) anchorGate.reset(part.toLowerCase());
  for (let p = 0; p < CODE_LABELS.length; p++) {
    const pattern = CODE_LABELS[p] as LabelPattern;
    if (gate && anchorGate.open[p] === 0) continue;
    forEachMatch(pattern.re, part, (m) => {
      if (demoted(pattern.kind, context)) negatives.push(makeLabel(m, offset, 0, true));
      else positives.push(makeLabel(m, offset, pattern.weight, false));
    });
  }
}

function makeLabel(m: RegExpMatchArray, offset: number, weight: number, negative: boolean): Label {
  const start = offset + (m.index ?? 0);
  const phrase = m[0];
  return {
    start,
    end: start + phrase.length,
    weight,
    negative,
    shouting: phrase.length > 4 && /[A-Z]/.test(phrase) && phrase === phrase.toUpperCase(),
  };
}
