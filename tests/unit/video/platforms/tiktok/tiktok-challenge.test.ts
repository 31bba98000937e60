import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHALLENGE_COOKIE,
  MAX_CHALLENGE_HASHES,
  parseChallenge,
  solveChallenge,
} from '../../../../../src-main/video/platforms/tiktok/tiktok-challenge.ts';
import { makeChallengePage } from '../../../../fixtures/platform-sim/tiktok/tiktok-challenge-page.ts';

const live = () => new AbortController().signal;

function solvedHeader(cookies: { name: string; value: string }[] | null): string {
  return (cookies ?? []).map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('parseChallenge', () => {
  it('reads salt, digest and cookie names from the page', () => {
    const page = makeChallengePage({
      answer: 7,
      cookieName: 'wci_cookie',
      extra: { name: 'waforiginalreid', value: 'rs-1' },
    });
    const challenge = parseChallenge(page.html);
    expect(challenge?.salt.length).toBe(16);
    expect(challenge?.digest.length).toBe(32);
    expect(challenge?.cookieName).toBe('wci_cookie');
    expect(challenge?.extraCookie).toEqual({ name: 'waforiginalreid', value: 'rs-1' });
  });

  it('finds the class whatever the attribute order, and defaults the cookie name', () => {
    const cs = Buffer.from(
      JSON.stringify({ v: { a: 'c2FsdA==', c: Buffer.alloc(32).toString('base64') } }),
    ).toString('base64');
    const challenge = parseChallenge(`<p class='${cs}' data-x="1" id='cs'></p>Please wait...`);
    expect(challenge?.salt.toString()).toBe('salt');
    expect(challenge?.cookieName).toBe(DEFAULT_CHALLENGE_COOKIE);
    expect(challenge?.extraCookie).toBeNull();
  });

  it.each([
    ['no cs element', '<p id="wci" class="x"></p>Please wait...'],
    ['empty class', '<p id="cs" class=""></p>'],
    ['not base64 JSON', '<p id="cs" class="%%%"></p>'],
    ['JSON without v', `<p id="cs" class="${Buffer.from('{"a":1}').toString('base64')}"></p>`],
    [
      'digest of the wrong length',
      `<p id="cs" class="${Buffer.from('{"v":{"a":"YQ==","c":"YQ=="}}').toString('base64')}"></p>`,
    ],
  ])('gives null for %s', (_name, html) => {
    expect(parseChallenge(html)).toBeNull();
  });

  it('refuses cookie names that are not plain tokens', () => {
    const page = makeChallengePage({ answer: 1, cookieName: 'bad name;' });
    expect(parseChallenge(page.html)?.cookieName).toBe(DEFAULT_CHALLENGE_COOKIE);
  });
});

describe('solveChallenge', () => {
  it('answers with d = base64(n) inside the echoed JSON, which the page accepts', async () => {
    const page = makeChallengePage({ answer: 31_337, extra: { name: 'rci', value: 'rs' } });
    const challenge = parseChallenge(page.html);
    if (!challenge) throw new Error('no challenge');
    const cookies = await solveChallenge(challenge, live());
    expect(cookies?.map((c) => c.name)).toEqual(['_wafchallengeid', 'rci']);
    const answer = JSON.parse(Buffer.from(cookies?.[0]?.value ?? '', 'base64').toString()) as {
      d: string;
      v: unknown;
    };
    expect(Buffer.from(answer.d, 'base64').toString()).toBe('31337');
    expect(answer.v).toEqual(challenge.data.v);
    expect(page.accepts(solvedHeader(cookies))).toBe(true);
    expect(page.accepts(solvedHeader(cookies?.slice(0, 1) ?? null))).toBe(false);
  });

  it('solves n = 0', async () => {
    const page = makeChallengePage({ answer: 0 });
    const cookies = await solveChallenge(parseChallenge(page.html)!, live());
    expect(page.accepts(solvedHeader(cookies))).toBe(true);
  });

  it('tries exactly maxHashes values of n: the last one is found, the next is not', async () => {
    expect(MAX_CHALLENGE_HASHES).toBe(1_000_001);
    const last = makeChallengePage({ answer: 12_344 });
    const beyond = makeChallengePage({ answer: 12_345 });
    expect(await solveChallenge(parseChallenge(last.html)!, live(), 12_345)).not.toBeNull();
    expect(await solveChallenge(parseChallenge(beyond.html)!, live(), 12_345)).toBeNull();
  });

  it('stops when the task is aborted, without finishing the search', async () => {
    const page = makeChallengePage({ answer: 900_000 });
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const solving = solveChallenge(parseChallenge(page.html)!, controller.signal);
    controller.abort(reason);
    await expect(solving).rejects.toBe(reason);
  });

  it('hashes salt bytes followed by the decimal n (the documented puzzle)', async () => {
    const salt = Buffer.from('pepper');
    const digest = createHash('sha256')
      .update(Buffer.concat([salt, Buffer.from('77')]))
      .digest();
    const cs = Buffer.from(
      JSON.stringify({ v: { a: salt.toString('base64'), c: digest.toString('base64') } }),
    ).toString('base64');
    const cookies = await solveChallenge(parseChallenge(`<p id="cs" class="${cs}">`)!, live());
    const answer = JSON.parse(Buffer.from(cookies?.[0]?.value ?? '', 'base64').toString()) as {
      d: string;
    };
    expect(answer.d).toBe(Buffer.from('77').toString('base64'));
  });
});
