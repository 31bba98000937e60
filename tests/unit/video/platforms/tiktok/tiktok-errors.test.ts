import { describe, expect, it } from 'vitest';
import { TaskErrorCodeSchema } from '../../../../../src-shared/video/schemas.ts';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import {
  TIKTOK_ERRORS,
  TIKTOK_PROXY_HINT,
} from '../../../../../src-main/video/platforms/tiktok/tiktok-errors.ts';

/** Every sentence, with sample arguments where the factory takes some. */
const E = TIKTOK_ERRORS;
const ALL: [string, PlatformError][] = [
  ['regionBlocked', E.regionBlocked()],
  ['privatePost', E.privatePost()],
  ['privateAccount', E.privateAccount()],
  ['notAvailable', E.notAvailable(10101, "item doesn't exist")],
  ['loginWall', E.loginWall()],
  ['ageRestricted', E.ageRestricted()],
  ['challengeRepeated', E.challengeRepeated()],
  ['challengeUnsolved', E.challengeUnsolved()],
  ['captcha', E.captcha()],
  ['pageChanged', E.pageChanged()],
  ['pageMissing', E.pageMissing(404)],
  ['pageRefused 403', E.pageRefused(403)],
  ['pageRefused 429', E.pageRefused(429)],
  ['pageRejected', E.pageRejected(451)],
  ['serverError', E.serverError(503)],
  ['pageTooLarge', E.pageTooLarge()],
  ['shortLinkDead', E.shortLinkDead()],
  ['shortLinkNoVideo', E.shortLinkNoVideo()],
  ['notAVideoLink', E.notAVideoLink()],
  ['foreignRedirect', E.foreignRedirect('evil.example')],
  ['tooManyRedirects', E.tooManyRedirects()],
  ['noVideoFile', E.noVideoFile()],
];

describe('TIKTOK_ERRORS', () => {
  it.each(ALL)('%s is a clean sentence with a documented code', (_name, err) => {
    expect(err).toBeInstanceOf(PlatformError);
    expect(TaskErrorCodeSchema.safeParse(err.code).success).toBe(true);
    expect(err.message).not.toMatch(/undefined|null|NaN|\[object/);
    expect(err.message).toMatch(/^[A-Z"].*[.]$/s);
    // Says what to try: later, a proxy, another link, the app.
    expect(err.message).toMatch(/\b(try|wait|copy|share|check)\b/i);
  });

  it('covers every factory', () => {
    const named = new Set(ALL.map(([name]) => name.split(' ')[0]));
    expect([...named].sort()).toEqual(Object.keys(TIKTOK_ERRORS).sort());
  });

  it('gives every failure its own sentence', () => {
    const messages = ALL.map(([, err]) => err.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('names the foreign host when known and stays readable without it', () => {
    expect(TIKTOK_ERRORS.foreignRedirect('evil.example').message).toContain(
      'led to evil.example, which is not a TikTok address',
    );
    expect(TIKTOK_ERRORS.foreignRedirect(null).message).toContain(
      'led to an address outside TikTok',
    );
  });

  it('leaves a status message out of the sentence when TikTok gave none', () => {
    expect(TIKTOK_ERRORS.notAvailable(10101, '').message).toContain('(status 10101)');
  });

  it('the proxy hint is a sentence of its own', () => {
    expect(TIKTOK_PROXY_HINT).toMatch(/^TikTok .*mainland China.*proxy.*\.$/);
  });
});
