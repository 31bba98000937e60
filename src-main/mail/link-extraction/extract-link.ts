/**
 * Public entry: the one http(s) URL a person should open to verify an address, sign in, finish
 * sign-up, reset a password or approve an action; null when the mail has none.
 *
 * Every link of the mail (candidates.ts) is read by three things: what it says (its anchor
 * text, or the label before a URL in plain text), the sentence before it, and its address
 * (url-rules.ts). A link is a decoy, and never returned, when what it says or its address is
 * one of a mail's furniture (unsubscribe, view in browser, preferences, privacy, terms, help,
 * social and app-store links, the logo's home link) or leads away from the action ("not you?
 * report it", "secure your account", deny, block). The others score; the best one is returned
 * when its own text or address names an action and the mail around it (the sentence before
 * it, or the subject) does too. Hidden links and tracking pixels (images, not links) never
 * count.
 *
 * The URL comes back as written: a click-tracking redirect stays the tracking URL (what the
 * user would click), `&amp;` is decoded, `<…>` dropped and a URL wrapped over lines rejoined.
 * Nothing is fetched. Pure, synchronous, bounded by limits.ts.
 */

import { gatherCandidates, type MailParts } from './candidates.ts';
import { ACTION, DECOY } from './keywords/index.ts';
import type { LinkCandidate } from './types.ts';
import { urlFacts } from './url-rules.ts';

/** Weights of the evidence; a link needs ACCEPT_SCORE (see accepts()). */
const LABEL_WEIGHT = 3;
const CONTEXT_WEIGHT = 2;
const URL_WEIGHT = 1.5;
const SUBJECT_WEIGHT = 1;
/** A one-time token only breaks ties ("reset here: …/reset/8f2e…" over "…/password_reset"). */
const TOKEN_WEIGHT = 0.25;
const ACCEPT_SCORE = 3.5;

export interface ScoredLink {
  url: string;
  score: number;
  order: number;
}

function score(c: LinkCandidate, subjectAction: boolean): ScoredLink | null {
  if (DECOY.test(c.label)) return null;
  const facts = urlFacts(c.url);
  if (facts.decoy) return null;
  // The link itself must name the action, and the mail around it must be about it: a "Sign
  // in" link in a receipt's header names an action, but nothing around it does. The context is
  // read only for links that name an action (most links of a newsletter do not).
  const label = ACTION.test(c.label);
  if (!(label || facts.action)) return null;
  const context = ACTION.test(c.context);
  if (!(context || subjectAction)) return null;
  const total =
    (label ? LABEL_WEIGHT : 0) +
    (context ? CONTEXT_WEIGHT : 0) +
    (facts.action ? URL_WEIGHT : 0) +
    (subjectAction ? SUBJECT_WEIGHT : 0) +
    (facts.token ? TOKEN_WEIGHT : 0);
  return total >= ACCEPT_SCORE ? { url: c.url, score: total, order: c.order } : null;
}

/** Every link that qualifies, best first (exported for tests). */
export function rankLinks(mail: MailParts): ScoredLink[] {
  const subjectAction = ACTION.test((mail.subject ?? '').normalize('NFKC'));
  const best = new Map<string, ScoredLink>();
  for (const c of gatherCandidates(mail)) {
    const s = score(c, subjectAction);
    if (!s) continue;
    const prev = best.get(s.url);
    if (!prev || s.score > prev.score) best.set(s.url, { ...s, order: prev?.order ?? s.order });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.order - b.order);
}

export function extractLink(mail: MailParts): string | null {
  return rankLinks(mail)[0]?.url ?? null;
}
