/**
 * What a URL alone says about a link: whether it can be returned at all (http or https,
 * parseable, not too long), whether it is a decoy by its address (app stores, social profiles,
 * unsubscribe/privacy/help pages, a site's home page), whether its address names an action
 * (…/verify, …/password/reset, ?token=…) and whether it carries a one-time token.
 */

import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../../core/public-address.ts';
import { MAX_URL_CHARS } from './limits.ts';

/** The href as a browser reads it: outer spaces and inner tabs and line breaks dropped. */
export function cleanHref(raw: string): string | null {
  const href = raw.replace(/[\t\n\r]/g, '').trim();
  if (href.length > MAX_URL_CHARS || !/^https?:\/\/[^\s/?#]/i.test(href)) return null;
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return isPublicHost(url.hostname) ? href : null;
  } catch {
    return null;
  }
}

/** Names that never leave this computer or the local network. */
const LOCAL_NAME = /(?:^|\.)(?:localhost|local|internal|intranet|lan|home|corp|home\.arpa)$/i;

/**
 * Whether a link's host is on the internet: a mail that points at this computer or the LAN
 * (127.0.0.1, 10.x, 192.168.x, [::1], localhost, a one-label name) asks the reader's browser to
 * act on their own devices (a router's admin page, this app's API), never to verify an
 * account. `hostname` is the URL parser's (numeric forms like 0x7f.1 already read as IPv4).
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  return host.includes('.') && !LOCAL_NAME.test(host);
}

const APP_STORES =
  /(?:^|\.)(?:apps\.apple\.com|itunes\.apple\.com|play\.google\.com|appgallery\.huawei\.com|apps\.microsoft\.com|galaxystore\.samsung\.com)$/i;

const SOCIAL =
  /(?:^|\.)(?:facebook\.com|fb\.com|x\.com|twitter\.com|instagram\.com|youtube\.com|youtu\.be|tiktok\.com|pinterest\.com|linkedin\.com|weibo\.com|t\.me|wa\.me|threads\.net|reddit\.com|discord\.gg)$/i;

/** Hosts of a sender's help desk or web view of the mail. */
const DECOY_HOST = /^(?:help|support|faq|view|webview|preferences|unsubscribe|privacy)\./i;

/**
 * Paths and queries of unsubscribe, preference, legal, help, report and deny pages, of the mail's
 * own web view (…/email/view/…, ?view=browser) and of invitations (docs/link-extraction.md).
 */
const DECOY_PATH =
  /unsub|opt-?out|abmeld|abbestell|d[ée]sinscri|d[ée]sabon|desuscri|darme-de-baja|\/baja|descadastr|afmeld|avregistr|wypisz|disiscri|abonelik-iptal|huy-dang-ky|peru-tilaus|privacy|datenschutz|\/legal|\/terms|\/cgu|\/help|\/hilfe|\/ayuda|\/ajuda|\/aide|\/support|\/faq|report|rapport|segnala|\/deny|\/block|\/decline|webview|view-in-browser|preferences|\/settings\/notif|\/notifications|\/email\/view|\/mail\/view|view-?online|web-?version|[?&]view=browser|\/invit|\/join(?![a-z])/i;

/**
 * A settings page: reached without a token, it is where an alert sends the reader to change a
 * password or review sessions ("Change your password", "Security settings"), never a link made
 * to finish something the reader started.
 */
const SETTINGS_PATH =
  /\/settings(?![a-z])|\/security(?![a-z])|\/account\/password|\/password\/change|change-?password|\/sessions(?![a-z])/i;

/** Paths (and hosts) of pages that do the action. */
const ACTION_URL =
  /verif|confirm|activat|validat|magic|log-?in|sign-?in|auth|reset|password|passwd|recover|restore|approv|token|otp|ticket|freigabe|bestaetig|bevestig|dogrula|potwierdz|conferm|confirmar|redefinir|reinit|vahvista|bekrafta|unlock/i;

/**
 * Paths that do one of the actions by themselves, whatever language the mail is in: not the
 * generic words (auth, token, ticket, otp) that an API or a help desk URL also carries.
 */
const STRONG_ACTION_URL =
  /verif|confirm|activat|validat|magic|reset|approv|lost-?password|forgot|recover|email-login|login-actions|log-?in\/|sign-?in\//i;

/** A one-time token: 10+ URL-safe characters mixing letters and digits. */
const TOKEN = /[A-Za-z0-9_-]{10,}/g;
const LONG_TOKEN_CHARS = 16;

const count = (s: string, re: RegExp): number => s.match(re)?.length ?? 0;

/** Reads as generated, not written: three digits, or both cases twice. */
const isRandom = (t: string): boolean =>
  count(t, /\d/g) >= 3 || (count(t, /[A-Z]/g) >= 2 && count(t, /[a-z]/g) >= 2);

export interface UrlFacts {
  decoy: boolean;
  action: boolean;
  /** The path itself names the action (…/verify, …/password/reset, …/login/approve). */
  strong: boolean;
  token: boolean;
  /** A token of 16+ characters: a link made for this one mail (a tracking redirect too). */
  longToken: boolean;
}

export function urlFacts(href: string): UrlFacts {
  const url = new URL(href);
  const host = url.hostname;
  const rest = url.pathname + url.search;
  const tokens = (rest.match(TOKEN) ?? []).filter((t) => /\d/.test(t) && /[A-Za-z]/.test(t));
  // Words are read outside random tokens: one may spell "otp" or "auth" ("v2-verify-email",
  // with one digit and one case, is words).
  const words = tokens.filter(isRandom).reduce((r, t) => r.replace(t, '~'), rest);
  const home = (url.pathname === '/' || url.pathname === '') && url.search === '';
  const action = ACTION_URL.test(`${host}${words}`);
  const decoy =
    home ||
    APP_STORES.test(host) ||
    (SOCIAL.test(host) && !action) ||
    DECOY_HOST.test(host) ||
    DECOY_PATH.test(words) ||
    (tokens.length === 0 && SETTINGS_PATH.test(url.pathname));
  return {
    decoy,
    action,
    strong: STRONG_ACTION_URL.test(words),
    token: tokens.length > 0,
    longToken: tokens.some((t) => t.length >= LONG_TOKEN_CHARS),
  };
}
