/**
 * Public entry: the verification code of a received mail, or null.
 *
 * Pipeline (see the modules): read subject, text and visible HTML → normalise → mask links,
 * addresses and colours → find code labels, identifier labels, decoys and code-shaped
 * candidates → score each candidate by its label link, shape and emphasis → keep the best value
 * over all sources when it clears the threshold with a margin over any other value.
 *
 * A value from the text part that the HTML shows only in hidden text is dropped
 * (hidden-in-html.ts).
 *
 * Precision comes first: a wrong code is worse than none, so ambiguity gives null.
 * Output: digit groups are joined (`482 913` → `482913`); prefixed codes keep their prefix
 * (`G-482913`); letters keep their case. Pure, synchronous, bounded by the caps in limits.ts.
 */

import { analyzeSource, once } from './analyze-source.ts';
import { hiddenInHtml } from './hidden-in-html.ts';
import { PROMO_CUES } from './keywords/index.ts';
import { mailContext } from './labels.ts';
import { maskNoise } from './mask.ts';
import { ACCEPT_SCORE } from './scoring.ts';
import { readSources, type MailParts } from './sources.ts';

/** The winner must beat any other accepted value by this much, or the mail is ambiguous. */
const MARGIN = 0.75;

/** A value found in the subject and in the body is more likely the code. */
const AGREEMENT_BONUS = 1;

interface Tally {
  score: number;
  inSubject: boolean;
  inBody: boolean;
}

export function extractCode(mail: MailParts): string | null {
  const sources = readSources(mail);
  if (sources.length === 0) return null;
  const masked = sources.map((s) => maskNoise(s.text));
  const context = mailContext(masked);

  const htmlSource = sources.find((s) => s.kind === 'html');
  const hidden = htmlSource ? hiddenInHtml(htmlSource) : null;

  const tallies = new Map<string, Tally>();
  // readSources puts the subject first, so this is known before the body is scored; it is
  // worked out only if a body source asks.
  let subjectAnnouncesCode = (): boolean => false;
  sources.forEach((source, i) => {
    const analysis = analyzeSource(source, masked[i] ?? '', context, subjectAnnouncesCode);
    if (source.kind === 'text' && hidden) {
      analysis.scored = analysis.scored.filter((s) => !hidden(s.value));
    }
    if (source.kind === 'subject') {
      // "Your verification code", but not "Use code SPRING25 for 25% off".
      const { announcesCode } = analysis;
      subjectAnnouncesCode = once(() => announcesCode() && !PROMO_CUES.test(source.text));
    }
    for (const { value, score } of analysis.scored) {
      const t = tallies.get(value) ?? { score: -Infinity, inSubject: false, inBody: false };
      t.score = Math.max(t.score, score);
      if (source.kind === 'subject') t.inSubject = true;
      else t.inBody = true;
      tallies.set(value, t);
    }
  });

  const ranked = [...tallies.entries()]
    .map(([value, t]) => ({
      value,
      score: t.score + (t.inSubject && t.inBody ? AGREEMENT_BONUS : 0),
    }))
    .sort((a, b) => b.score - a.score);
  const [best, runnerUp] = ranked;
  if (!best || best.score < ACCEPT_SCORE) return null;
  if (runnerUp && runnerUp.score >= ACCEPT_SCORE && best.score - runnerUp.score < MARGIN) {
    return null;
  }
  return best.value;
}
