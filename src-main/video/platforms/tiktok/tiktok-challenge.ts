import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * TikTok's "Please wait..." proof-of-work page, solved as yt-dlp does (docs/platforms/tiktok.md
 * §Resolution, step 4): an element `id="cs"` carries base64 JSON whose `v.a` (salt) and `v.c`
 * (SHA-256 digest), both base64, ask for the integer n in 0…1,000,000 with sha256(salt + decimal n)
 * = digest. The answer goes back as a cookie: the same JSON with `d` = base64(decimal n),
 * base64-encoded, named by the class of `id="wci"`; `id="rci"` + `id="rs"` optionally name a second
 * cookie.
 */
export interface WafChallenge {
  /** The decoded JSON, echoed back with the answer. */
  data: Record<string, unknown>;
  salt: Buffer;
  digest: Buffer;
  cookieName: string;
  /** The optional `rci` / `rs` cookie. */
  extraCookie: { name: string; value: string } | null;
}

export interface CookieValue {
  name: string;
  value: string;
}

/** 0…1,000,000 inclusive, the range the platform draws n from. */
export const MAX_CHALLENGE_HASHES = 1_000_001;
/** Cookie name used when the page names none (observed by yt-dlp). */
export const DEFAULT_CHALLENGE_COOKIE = '_wafchallengeid';
/** Hashes between yields, so a worst-case solve (about a second) never stalls the server. */
const HASHES_PER_TURN = 5_000;
const COOKIE_NAME = /^[\w.-]{1,64}$/;
const COOKIE_VALUE = /^[\w.+/=-]{1,512}$/;

/** The challenge on `html`, or null when the page has none or it cannot be read. */
export function parseChallenge(html: string): WafChallenge | null {
  const encoded = classOf(html, 'cs');
  if (!encoded) return null;
  const data = decodeJson(encoded);
  const v = data?.v;
  if (!data || typeof v !== 'object' || v === null) return null;
  const { a, c } = v as { a?: unknown; c?: unknown };
  if (typeof a !== 'string' || typeof c !== 'string') return null;
  const salt = Buffer.from(a, 'base64');
  const digest = Buffer.from(c, 'base64');
  if (salt.length === 0 || digest.length !== 32) return null;
  const wci = classOf(html, 'wci');
  const rci = classOf(html, 'rci');
  const rs = classOf(html, 'rs');
  return {
    data,
    salt,
    digest,
    cookieName: wci && COOKIE_NAME.test(wci) ? wci : DEFAULT_CHALLENGE_COOKIE,
    extraCookie:
      rci && rs && COOKIE_NAME.test(rci) && COOKIE_VALUE.test(rs) ? { name: rci, value: rs } : null,
  };
}

/**
 * Searches n = 0, 1, … up to `maxHashes` tries and returns the cookies that answer the
 * challenge, or null when no n in range matches. Yields to the event loop between batches and
 * stops when `signal` aborts.
 */
export async function solveChallenge(
  challenge: WafChallenge,
  signal: AbortSignal,
  maxHashes = MAX_CHALLENGE_HASHES,
): Promise<CookieValue[] | null> {
  const salted = createHash('sha256').update(challenge.salt);
  for (let n = 0; n < maxHashes; n++) {
    if (n % HASHES_PER_TURN === 0 && n > 0) {
      await yieldToLoop();
      signal.throwIfAborted();
    }
    if (salted.copy().update(String(n)).digest().equals(challenge.digest)) {
      const answer = { ...challenge.data, d: Buffer.from(String(n)).toString('base64') };
      const cookies = [
        {
          name: challenge.cookieName,
          value: Buffer.from(JSON.stringify(answer)).toString('base64'),
        },
      ];
      if (challenge.extraCookie) cookies.push(challenge.extraCookie);
      return cookies;
    }
  }
  return null;
}

/** The class attribute of the element with `id="<id>"`, whatever the attribute order. */
function classOf(html: string, id: string): string | null {
  const tag = new RegExp(`<[a-z][a-z0-9]*\\b[^>]*\\bid\\s*=\\s*["']${id}["'][^>]*>`, 'i').exec(
    html,
  );
  if (!tag) return null;
  const cls = /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag[0]);
  const value = (cls?.[1] ?? cls?.[2] ?? '').trim();
  return value === '' ? null : value;
}

function decodeJson(base64: string): Record<string, unknown> | null {
  try {
    // The platform drops base64 padding; Buffer accepts it either way.
    const parsed: unknown = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
