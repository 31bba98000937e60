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

/** Paths and queries of unsubscribe, preference, legal, help, report and deny pages. */
const DECOY_PATH =
  /unsub|opt-?out|abmeld|abbestell|d[ée]sinscri|d[ée]sabon|desuscri|darme-de-baja|\/baja|descadastr|afmeld|avregistr|wypisz|disiscri|abonelik-iptal|huy-dang-ky|peru-tilaus|privacy|datenschutz|\/legal|\/terms|\/cgu|\/help|\/hilfe|\/ayuda|\/ajuda|\/aide|\/support|\/faq|report|rapport|segnala|\/deny|\/block|\/decline|webview|view-in-browser|preferences|\/settings\/notif|\/notifications/i;

/** Paths (and hosts) of pages that do the action. */
const ACTION_URL =
  /verif|confirm|activat|validat|magic|log-?in|sign-?in|auth|reset|password|passwd|recover|restore|approv|token|otp|ticket|freigabe|bestaetig|bevestig|dogrula|potwierdz|conferm|confirmar|redefinir|reinit|vahvista|bekrafta|unlock/i;

/** A one-time token: 10+ URL-safe characters mixing letters and digits. */
const TOKEN = /[A-Za-z0-9_-]{10,}/g;

export interface UrlFacts {
  decoy: boolean;
  action: boolean;
  token: boolean;
}

export function urlFacts(href: string): UrlFacts {
  const url = new URL(href);
  const host = url.hostname;
  const rest = url.pathname + url.search;
  const home = (url.pathname === '/' || url.pathname === '') && url.search === '';
  const action = ACTION_URL.test(`${host}${rest}`);
  const decoy =
    home ||
    APP_STORES.test(host) ||
    (SOCIAL.test(host) && !action) ||
    DECOY_HOST.test(host) ||
    DECOY_PATH.test(rest);
  const token = (rest.match(TOKEN) ?? []).some((t) => /\d/.test(t) && /[A-Za-z]/.test(t));
  return { decoy, action, token };
}
