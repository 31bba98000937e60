/**
 * Runs the pipeline over one (masked) source text: find the candidates, then the labels and
 * decoys around them, drop the candidates that overlap a decoy, and score the rest.
 */

import { findCandidates } from './candidates.ts';
import { findDecoySpans, overlapsAny } from './decoys.ts';
import { FOOTER_MARKERS } from './keywords/index.ts';
import {
  announcesCode,
  findLabels,
  isStrongCodeLabel,
  labelsIfCodeLabelled,
  type MailContext,
} from './labels.ts';
import { scoreCandidate } from './scoring.ts';
import type { Candidate, SourceText, Span } from './types.ts';

export interface ScoredValue {
  value: string;
  score: number;
}

export interface SourceAnalysis {
  scored: ScoredValue[];
  /** A strong code label is in the text (what a subject announcing a code needs); asked lazily. */
  announcesCode: () => boolean;
}

/** `f`, evaluated on the first call only. */
export function once(f: () => boolean): () => boolean {
  let value: boolean | undefined;
  return () => (value ??= f());
}

const NO = (): boolean => false;

/** Room past the last candidate for a footer marker that starts before it to end in. */
const MARKER_ROOM = 200;

/**
 * The footer starts at the first copyright or unsubscribe marker past the first 30 %. It only
 * matters where a candidate starts at or after it, so the search ends at the last candidate
 * (the marker regex is the costliest step of a long plain mail otherwise); past it, the text
 * length stands in.
 */
function footerStart(text: string, candidates: readonly Candidate[]): number {
  const from = Math.floor(text.length * 0.3);
  const lastStart = Math.max(-1, ...candidates.map((c) => c.start));
  if (lastStart < from) return text.length;
  const i = text.slice(from, lastStart + MARKER_ROOM).search(FOOTER_MARKERS);
  return i < 0 || from + i > lastStart ? text.length : from + i;
}

/** How far around a candidate labels and decoys are looked for (characters). */
const LABEL_WINDOW = { before: 420, after: 80 };
const DECOY_WINDOW = { before: 80, after: 80 };

/**
 * The parts of the text worth scanning: around each candidate, widened to the previous space
 * so that no word is cut, and merged where they overlap.
 */
function windowsAround(
  text: string,
  candidates: readonly Candidate[],
  reach: { before: number; after: number },
): Span[] {
  const windows: Span[] = [];
  for (const c of candidates) {
    let start = Math.max(0, c.start - reach.before);
    const floor = Math.max(0, start - 40);
    while (start > floor && !/\s/.test(text[start - 1] ?? ' ')) start--;
    const end = Math.min(text.length, c.end + reach.after);
    const last = windows[windows.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end });
  }
  return windows;
}

/**
 * `text` is the masked text of `source`. `shortcuts: false` looks for every label and decoy
 * even where no candidate can score (a test checks that both give the same analysis).
 */
export function analyzeSource(
  source: SourceText,
  text: string,
  mail: MailContext,
  subjectAnnouncesCode: () => boolean,
  shortcuts = true,
): SourceAnalysis {
  const candidates = findCandidates(text);
  const isSubject = source.kind === 'subject';
  if (candidates.length === 0 && shortcuts) {
    return { scored: [], announcesCode: once(() => isSubject && announcesCode(text, mail)) };
  }
  // The subject is short and its labels also tell whether the mail announces a code.
  const windows = isSubject
    ? [{ start: 0, end: text.length }]
    : windowsAround(text, candidates, LABEL_WINDOW);
  const labels = shortcuts ? labelsIfCodeLabelled(text, mail, windows) : null;
  // Without a code label only a web-OTP line, or a lone number under a subject that announces
  // a code, can score (scoring.ts); otherwise every candidate gives null, so the identifier
  // labels and decoys that could only refuse one are not looked for. Whether the subject
  // announces a code is only worked out when asked (here, or by a number without a label).
  const bodyUnderCodeSubject = once(() => !isSubject && subjectAnnouncesCode());
  if (
    shortcuts &&
    labels === null &&
    !candidates.some((c) => c.shape === 'web-otp') &&
    !bodyUnderCodeSubject()
  ) {
    return { scored: [], announcesCode: NO };
  }
  const decoys = findDecoySpans(text, windowsAround(text, candidates, DECOY_WINDOW));
  const ctx = {
    text,
    labels: labels ?? findLabels(text, mail, windows),
    emphasis: source.emphasis,
    footerStart: footerStart(text, candidates),
    subjectAnnouncesCode: bodyUnderCodeSubject,
  };
  const scored: ScoredValue[] = [];
  for (const candidate of candidates) {
    if (overlapsAny(candidate, decoys)) continue;
    const score = scoreCandidate(candidate, ctx);
    if (score !== null) scored.push({ value: candidate.value, score });
  }
  return { scored, announcesCode: once(() => ctx.labels.some(isStrongCodeLabel)) };
}
