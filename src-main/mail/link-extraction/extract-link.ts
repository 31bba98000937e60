/**
 * Public entry: the one http(s) URL a person should open to verify an address, sign in, finish
 * sign-up, reset a password or approve an action; null when the mail has none.
 *
 * The mail's intent is decided once (mail-intent.ts). Every link of the mail (candidates.ts) is
 * then read by what it says (its anchor text, or the label before a URL in plain text), the
 * sentence before it, its address (url-rules.ts) and its role: shown as a button or alone on its
 * line, the only link made for this mail (a long token). A link is vetoed when what it says or
 * its address is one of a mail's furniture (unsubscribe, view in browser, preferences, privacy,
 * help, social and app-store links, the logo's home link), when it leads away from the action
 * ("not you? report it", "secure your account", deny, block), or when the sentence before it is
 * a remedy ("If not, change your password": a notice's way out, sentences.ts).
 *
 * The others are accepted by words or by role:
 * - words: its text names an action, or its address does and carries a token, and the mail
 *   around it (the text before it, or the subject) names one too;
 * - role, for wording no list knows (a language outside the 20, a tracking redirect): the only
 *   link whose address does the action by itself and carries a token, or the only button with a
 *   long token in a mail whose subject names an action. Neither in a notice (receipt, booking),
 *   and the second not in a mail that announces a code.
 * Hidden links and tracking pixels (images, not links) never count.
 *
 * The URL comes back as written: a click-tracking redirect stays the tracking URL (what the
 * user would click), `&amp;` is decoded, `<…>` dropped and a URL wrapped over lines rejoined.
 * Nothing is fetched. Pure, synchronous, bounded by limits.ts.
 */

import { gatherCandidates, type MailParts } from './candidates.ts';
import { choiceRoles, isNo, PASSWORD, type ChoiceRole } from './choice.ts';
import { ACTION, DECOY } from './keywords/index.ts';
import { mailIntent, type MailIntent } from './mail-intent.ts';
import { isRemedy, lastSentence } from './sentences.ts';
import type { LinkCandidate } from './types.ts';
import { urlFacts, type UrlFacts } from './url-rules.ts';

/** Weights of the evidence; a link needs ACCEPT_SCORE (see accepts()). */
const LABEL_WEIGHT = 3;
const CONTEXT_WEIGHT = 2;
const URL_WEIGHT = 1.5;
const SUBJECT_WEIGHT = 1;
/** A button or a URL alone on its line, right after a sentence naming the action. */
const INSTRUCTION_WEIGHT = 0.75;
/** A one-time token only breaks ties ("reset here: …/reset/8f2e…" over "…/password_reset"). */
const TOKEN_WEIGHT = 0.25;
const ACCEPT_SCORE = 3.5;
/** What a link accepted by role alone scores: below any link accepted by words. */
const ROLE_SCORE = ACCEPT_SCORE;

export interface ScoredLink {
  url: string;
  score: number;
  order: number;
}

interface Read {
  c: LinkCandidate;
  facts: UrlFacts;
  /** The sentence right before it. */
  intro: string;
  /** Opens a yes/no pair of buttons (choice.ts). */
  choice: ChoiceRole | undefined;
}

/**
 * The candidate read, or null when it is vetoed (a decoy by text, address or sentence, or the
 * "no" of a yes/no pair, or a password change the subject did not ask for). The affirmative of a pair is not vetoed by the remedy before the pair:
 * that sentence names the other button.
 */
function read(c: LinkCandidate, choice: ChoiceRole | undefined, intent: MailIntent): Read | null {
  if (DECOY.test(c.label) || isNo(c.label)) return null;
  // "Change your password" in a mail whose subject asks for no password change is an alert's
  // remedy, whatever the sentence before it says.
  if (PASSWORD.test(c.label) && !intent.subjectPassword) return null;
  const facts = urlFacts(c.url);
  if (facts.decoy) return null;
  const intro = lastSentence(c.context);
  if (isRemedy(c.label) || (!choice && isRemedy(intro))) return null;
  return { c, facts, intro, choice };
}

/** The score of a link accepted by its words, or null. */
function byWords({ c, facts, intro }: Read, intent: MailIntent): number | null {
  // The link itself must name the action, and the mail around it must be about it: a "Sign
  // in" link in a receipt's header names an action, but nothing around it does. An address
  // alone names it only with a token (a site's bare /login is not the action of a code mail).
  const label = ACTION.test(c.label);
  if (!(label || (facts.action && facts.token))) return null;
  // A notice (an order, a new sign-in) keeps its link unless the link says it does the action.
  if (!label && intent.notice) return null;
  const context = ACTION.test(c.context);
  if (!(context || intent.subjectAction)) return null;
  const instructed = c.button && ACTION.test(intro);
  const total =
    (label ? LABEL_WEIGHT : 0) +
    (context ? CONTEXT_WEIGHT : 0) +
    (facts.action ? URL_WEIGHT : 0) +
    (intent.subjectAction ? SUBJECT_WEIGHT : 0) +
    (instructed ? INSTRUCTION_WEIGHT : 0) +
    (facts.token ? TOKEN_WEIGHT : 0);
  return total >= ACCEPT_SCORE ? total : null;
}

/** The one distinct URL among `reads`, or null when there are none or several. */
function onlyOne(reads: readonly Read[]): Read | null {
  const urls = new Set(reads.map((r) => r.c.url));
  return urls.size === 1 ? (reads[0] ?? null) : null;
}

/** A link accepted by its role, when no link is accepted by words. */
function byRole(reads: readonly Read[], intent: MailIntent): Read | null {
  // The "yes" of a yes/no pair whose other half says no: an approval, in any wording.
  // The mail must be about an action ("Going? Yes / No" answers a calendar invitation).
  const yes = onlyOne(reads.filter((r) => r.choice === 'answered'));
  if (yes && !intent.notice && (intent.subjectAction || ACTION.test(yes.c.context))) return yes;
  const strong = onlyOne(reads.filter((r) => r.facts.strong && r.facts.token));
  if (strong) return intent.notice ? null : strong;
  // The one link that is not furniture, whose address names the action, right after a sentence
  // naming it, in a mail that gives no code: what it shows may be anything (a bare host name,
  // "here", a look-alike of another site the banner then warns about).
  const sole = onlyOne(reads);
  if (sole?.facts.action && !intent.notice && !intent.code && ACTION.test(sole.intro)) return sole;
  if (!intent.subjectAction) return null;
  const made = onlyOne(reads.filter((r) => r.facts.longToken));
  if (!made?.c.button || intent.notice || intent.code) return null;
  return made;
}

/** Every link that qualifies, best first (exported for tests). */
export function rankLinks(mail: MailParts): ScoredLink[] {
  const intent = mailIntent(mail);
  const candidates = gatherCandidates(mail);
  const roles = choiceRoles(candidates);
  const reads = candidates
    .map((c, i) => read(c, roles.get(i), intent))
    .filter((r): r is Read => r !== null);
  const best = new Map<string, ScoredLink>();
  for (const r of reads) {
    const score = byWords(r, intent);
    if (score === null) continue;
    const prev = best.get(r.c.url);
    if (!prev || score > prev.score) {
      best.set(r.c.url, { url: r.c.url, score, order: prev?.order ?? r.c.order });
    }
  }
  if (best.size === 0) {
    const role = byRole(reads, intent);
    if (role) return [{ url: role.c.url, score: ROLE_SCORE, order: role.c.order }];
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.order - b.order);
}

export function extractLink(mail: MailParts): string | null {
  return rankLinks(mail)[0]?.url ?? null;
}
