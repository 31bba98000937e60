/**
 * Scores one candidate against the labels around it. The score is the sum of:
 * - the label link (the strongest signal): how close a code label is, before the candidate
 *   on the same line ("Code: 482913"), on the line before it with the candidate alone on its
 *   line (a code box), or right after it ("482913 is your code"), times the label's weight;
 * - the shape prior (six digits beat four or eight, which beat alphanumerics);
 * - emphasis in the HTML and standing alone on a line.
 * It returns null for a candidate that must not be taken whatever its score: right after an
 * identifier label ("Order 58213"), inside a promotion sentence, a year or date without a
 * label right next to it, or a weak shape without a label right next to it.
 */

import { nextToIdentifier, withoutIdentifierValues } from './identifier-link.ts';
import { PROMO_CUES } from './keywords/index.ts';
import { firstLabelFrom, nearbyLabels } from './label-index.ts';
import {
  endsLine,
  endsSentence,
  isStandalone,
  lineBreaks,
  lineEnd,
  sentenceAround,
  startsLine,
  wordCost,
} from './text-layout.ts';
import type { Candidate, EmphasisSpan, Label } from './types.ts';

/** A candidate needs at least this score to be returned. */
export const ACCEPT_SCORE = 4;

/** Farthest a label may sit before a candidate (characters). */
const LABEL_REACH = 400;

export interface ScoreContext {
  text: string;
  labels: readonly Label[];
  emphasis: readonly EmphasisSpan[];
  /** Offset where the footer starts (copyright, unsubscribe), or the text length. */
  footerStart: number;
  /** The subject announces a code, so an emphasised or lone number in the body may be it. */
  subjectAnnouncesCode: () => boolean;
}

interface Link {
  score: number;
  direct: boolean;
  label: Label | null;
}

const NO_LINK: Link = { score: 0, direct: false, label: null };

export function scoreCandidate(c: Candidate, ctx: ScoreContext): number | null {
  const { text } = ctx;
  if (nextToIdentifier(c, text, ctx.labels)) return null;
  if (PROMO_CUES.test(sentenceAround(text, c))) return null;

  const standalone = isStandalone(text, c);
  const emphasis = emphasisOf(c, ctx.emphasis);
  let link =
    c.shape === 'web-otp' ? { score: 6, direct: true, label: null } : bestLink(c, ctx, standalone);
  if (
    link.score <= 0 &&
    (standalone || emphasis === 2) &&
    c.start < ctx.footerStart &&
    ctx.subjectAnnouncesCode()
  ) {
    link = { score: 3, direct: false, label: null };
  }
  if (link.score <= 0) return null;
  if (c.needsDirectLabel && !link.direct) return null;
  if (isLongNumber(c) && !labelsLongNumber(c, link, text)) return null;
  if (c.shape === 'letters' && !lettersAllowed(c, link, standalone, text)) return null;

  let score = link.score + shapePrior(c);
  if (standalone) score += 1;
  if (emphasis === 2) score += 1.5;
  else if (emphasis === 1) score += 0.5;
  if (c.hashPrefixed && c.shape !== 'web-otp') score -= 3; // "#58213": orders, tickets
  if (c.start >= ctx.footerStart) score -= 1.5;

  if (looksLikeYear(c) || looksLikeCompactDate(c)) {
    if (!link.direct) return null;
    score -= 1.5;
  }
  return score;
}

function bestLink(c: Candidate, ctx: ScoreContext, standalone: boolean): Link {
  let best = NO_LINK;
  const { labels } = ctx;
  const { from } = nearbyLabels(c, labels);
  const to = firstLabelFrom(labels, c.end + 61);
  for (let i = from; i < to; i++) {
    const l = labels[i] as Label;
    if (l.negative) continue;
    let link: Link | null = null;
    if (l.end <= c.start && c.start - l.end <= LABEL_REACH) {
      link = linkBefore(c, l, ctx, standalone);
    } else if (l.start >= c.end && l.start - c.end <= 60) {
      link = linkAfter(c, l, ctx);
    }
    if (link && (link.score > best.score || (link.score === best.score && link.direct))) {
      best = link;
    }
  }
  return best;
}

function linkBefore(c: Candidate, l: Label, ctx: ScoreContext, standalone: boolean): Link | null {
  const { text } = ctx;
  const raw = text.slice(l.end, c.start);
  const breaks = lineBreaks(raw);
  // "Your TAN for the transfer to IBAN DE89 3704 … is: 735016": in a sentence whose verb comes
  // right before the code, an identifier's number is one more thing it mentions.
  const gap =
    breaks === 0 && COPULA_VERB_END.test(raw)
      ? withoutIdentifierValues(text, l.end, c.start, ctx.labels)
      : raw;
  // Amounts ("120,00 zł") between a label and its code are usual; other numbers are not.
  const numbersBetween = /\d{3}/.test(gap)
    ? (gap.replace(AMOUNT, '').match(/\d{3,}/g)?.length ?? 0)
    : 0;
  let score: number;
  let direct = false;
  if (breaks === 0) {
    const cost = wordCost(gap);
    if (cost > 60) return null;
    score = cost <= 4 ? 6 : Math.max(1, 6 - (cost - 4) / 8);
    direct = cost <= 12;
    if (endsSentence(gap)) {
      score -= 1.5;
      direct = false;
    } else if (COPULA_END.test(gap)) {
      // "The code you need to sign in from the new device is 731902": the sentence's subject
      // is the label, however long the phrase in between.
      score = Math.max(score, 4.5);
    }
  } else {
    const atLineStart = startsLine(text, c);
    if (breaks === 1) {
      score = standalone ? 5 : atLineStart ? 4 : 1.5;
      direct = standalone || atLineStart;
    } else if (breaks === 2) {
      score = standalone ? 3.5 : 0.5;
    } else if (breaks <= 4) {
      score = standalone ? 2 : 0;
    } else {
      return null;
    }
    // A long run of text after the label on its own line: the label is further away.
    if (wordCost(text.slice(l.end, Math.min(lineEnd(text, l.end), l.end + 400))) > 100) score -= 1;
  }
  score -= 2 * numbersBetween;
  return { score: score * l.weight, direct: direct && numbersBetween === 0, label: l };
}

/** A decimal amount: `120,00`, `1.249,90`, `49.99`. */
const AMOUNT = /\d[\d.,' ]*[.,]\d{2}(?!\d)/g;

/**
 * The gap ends with a copula ("is", "lautet", "est", "è", "adalah", "là", "on", "är", "to",
 * הוא, هو), a dash, a colon or 为/是/は: the code follows.
 */
const COPULA_END =
  /(?:(?:^|[\s\p{P}])(?:is|are|ist|lautet|lauten|est|es|é|è|será|будет|adalah|ialah|là|on|är|to|הוא|היא|هو|هي|—|–|为|為|是|は|는|은)|:)[\s:]*$/u;

/** The gap ends with a verb ("lautet", "is"), not only a colon: the label is the subject. */
const COPULA_VERB_END =
  /(?:^|[\s\p{P}])(?:is|are|ist|lautet|lauten|est|es|é|è|será|будет|adalah|ialah|là|on|är|הוא|היא|هو|هي)[\s:]*$/u;

/**
 * A label after the code counts only in the "482913 is your code" form: the gap starts with a
 * copula, a dash or colon, or a particle (是, は, 을). "12000 строк кода" is not a code. Polish
 * "to" counts only before "Twój"/"Pana"/"Pani": in English it is a preposition ("text JOIN to
 * 48291 to get your code").
 */
function copulaFollows(gap: string): boolean {
  const g = gap.trimStart();
  return (
    g === '' ||
    /^[—–\-:([【「（]/.test(g) ||
    /^(?:is|was|as|ist|war|est|es|é|è|será|будет|это|adalah|ialah|là|on|är|to(?=\s+(?:twój|twoj|pana|pani|wasz)(?![\p{L}\p{N}]))|הוא|היא|هو|هي)(?![\p{L}\p{N}])/iu.test(
      g,
    ) ||
    /^(?:是|为|為|は|が|를|을|는|은|이|가)/u.test(g)
  );
}

/**
 * The copula and a possessive right after the code cost nothing: "482913 is your code" reads
 * as directly as "482913: code".
 */
const COPULA_AND_POSSESSIVE =
  /^\s*(?:is|ist|est|es|é|è|adalah|là|on|är|to(?=\s+(?:twój|twoj|pana|pani|wasz)(?![\p{L}\p{N}]))|הוא|היא|هو|هي)(?:\s+(?:your|the|ihr|dein|votre|ton|tu|su|seu|o|a|il|tuo|je|uw|Anda|twój|din|ditt))?(?![\p{L}\p{N}])/iu;

/**
 * A label that is itself the predicate, in languages that put the verb last: Turkish adds the
 * copula to the noun ("749205 Getir doğrulama kodunuzdur"), Japanese and Korean write it after
 * the noun (確認コードです, 인증번호입니다).
 */
function labelIsPredicate(text: string, l: Label): boolean {
  return (
    /[dt][ıiuü]r$/u.test(text.slice(l.start, l.end)) ||
    /^\s?(?:です|입니다|이에요|예요)/u.test(text.slice(l.end, l.end + 6))
  );
}

function linkAfter(c: Candidate, l: Label, ctx: ScoreContext): Link | null {
  const { text } = ctx;
  const gap = text.slice(c.end, l.start);
  if (/[\n\d]/.test(gap)) return null;
  if (!copulaFollows(gap)) {
    // "749205 Getir doğrulama kodunuzdur": the code is the subject, however the gap reads, as
    // long as no identifier stands in it ("58213 sipariş kodunuzdur").
    const identifierBetween = ctx.labels.some(
      (n) => n.negative && n.start >= c.end && n.end <= l.start,
    );
    if (identifierBetween || !labelIsPredicate(text, l)) return null;
  }
  const copula = COPULA_AND_POSSESSIVE.exec(gap);
  const cost = wordCost(copula ? gap.slice(copula[0].length) : gap);
  if (cost > 30) return null;
  // "4829130 is your Microsoft account security code": the code is the sentence's subject.
  const score = Math.max(copula ? 4.25 : 1.5, 5 - cost / 12);
  return { score: score * l.weight, direct: cost <= 12, label: l };
}

/** Capital words that can follow "code:" in a sentence ("Your code: BELOW"). */
const NOT_A_CODE_WORD =
  /^(?:BELOW|ABOVE|HERE|ATTACHED|ENCLOSED|EXPIRED|INVALID|REQUIRED|SENT|NONE)$/;

/** Capital-letter words are codes only right after a real label, at the end of a line. */
function lettersAllowed(c: Candidate, link: Link, standalone: boolean, text: string): boolean {
  const l = link.label;
  if (!l || l.weight < 1 || l.shouting || !link.direct || NOT_A_CODE_WORD.test(c.value)) {
    return false;
  }
  return standalone || endsLine(text, c) || VERB_LAST_END.test(text.slice(c.end, c.end + 12));
}

/**
 * The rest of a line that only closes the sentence with a copula: "確認コードは WXRT-KQPL です。",
 * "کد تأیید شما WXRT-KQPL است.", "인증 코드는 WXRT-KQPL 입니다." (languages that put the verb last).
 */
const VERB_LAST_END = /^[ \t]*(?:です|でした|است|입니다|이에요|예요)[ \t]*[.。!！]?[ \t]*(?:\n|$)/u;

const isLongNumber = (c: Candidate): boolean =>
  (c.shape === 'digits' || c.shape === 'grouped') && c.value.length > 8;

/** Only punctuation, or a plain copula, between a label and a long code: "Code: 538120467". */
const LONG_CODE_GAP =
  /^[\s\p{P}]*(?:(?:is|ist|lautet|est|es|é|è|adalah|là|är|هو|הוא)[\s\p{P}]*)?$/iu;

/**
 * A 9- or 10-digit number is far more often a phone, order or account number than a code
 * ("we sent a code to 0612345678"): it is a code only right after its label, separated by
 * punctuation or "is" alone, and followed by the end of the line or of the sentence.
 */
function labelsLongNumber(c: Candidate, link: Link, text: string): boolean {
  const l = link.label;
  if (!l || l.end > c.start || !LONG_CODE_GAP.test(text.slice(l.end, c.start))) return false;
  return /^[ \t]*(?:[.,;!?)\]"'»”]|\n|$)/.test(text.slice(c.end, c.end + 4));
}

function shapePrior(c: Candidate): number {
  const digits = c.value.replace(/[^0-9]/g, '').length;
  switch (c.shape) {
    case 'digits':
    case 'grouped':
    case 'spaced-digits':
      return digits === 6 ? 1 : digits === 4 || digits === 8 ? 0.5 : 0.3;
    case 'prefixed':
      return 1;
    case 'web-otp':
      return 1;
    case 'alnum':
      return /[a-z]/.test(c.value) ? -0.5 : 0.3;
    case 'letters':
      return -1;
  }
}

/** The emphasis of the candidate's first and last characters (codes split over spans). */
function emphasisOf(c: Candidate, spans: readonly EmphasisSpan[]): 0 | 1 | 2 {
  const first = spans.find((s) => s.start <= c.start && c.start < s.end);
  const last = spans.find((s) => s.start < c.end && c.end <= s.end);
  return first && last ? (Math.min(first.level, last.level) as 1 | 2) : 0;
}

function looksLikeYear(c: Candidate): boolean {
  return c.shape === 'digits' && /^(?:19|20)\d{2}$/.test(c.value);
}

/** 8 digits that read as a date between 2000 and 2039 (20240512). */
function looksLikeCompactDate(c: Candidate): boolean {
  return (
    c.shape === 'digits' && /^20[0-3]\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(c.value)
  );
}
