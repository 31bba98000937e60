import { describe, expect, it } from 'vitest';
import {
  readSlidesInfo,
  slidesInfoUrl,
} from '../../../../../src-main/video/platforms/douyin/douyin-api.ts';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import {
  BROWSER_CHECK_PAGE,
  CAPTCHA_PAGE,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';

const ID = '7535852404919586100';

function failure(text: string): { code: string; message: string } {
  const answer = readSlidesInfo(text, ID);
  if (answer.kind !== 'failed' || !(answer.error instanceof PlatformError)) {
    throw new Error(`expected a failure, got ${answer.kind}`);
  }
  return { code: answer.error.code, message: answer.error.message };
}

describe('slidesinfo (docs/platforms/douyin.md §Resolution, step 2)', () => {
  it('asks with the id in percent-encoded brackets, request_source=200 only for notes', () => {
    expect(slidesInfoUrl(ID, false)).toBe(
      `https://www.iesdouyin.com/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${ID}%5D`,
    );
    expect(slidesInfoUrl(ID, true)).toBe(
      `https://www.iesdouyin.com/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${ID}%5D&request_source=200`,
    );
  });

  it('returns the item that carries the requested id', () => {
    const body = JSON.stringify({
      status_code: 0,
      aweme_details: [{ aweme_id: '1' }, { aweme_id: ID, desc: 'x' }],
    });
    expect(readSlidesInfo(body, ID)).toEqual({ kind: 'item', item: { aweme_id: ID, desc: 'x' } });
  });

  it('an empty list (or a null entry) is "no item", not a failure', () => {
    expect(readSlidesInfo('{"status_code":0,"aweme_details":[]}', ID)).toEqual({ kind: 'empty' });
    expect(readSlidesInfo('{"aweme_details":[null]}', ID)).toEqual({ kind: 'empty' });
  });

  it.each([
    ['an empty body (WAF)', '  \n', 'blocked_by_platform', /firewall/],
    ['the captcha page', CAPTCHA_PAGE, 'blocked_by_platform', /captcha/],
    ['the browser check', BROWSER_CHECK_PAGE, 'blocked_by_platform', /browser check/],
    ['HTML of another kind', '<html></html>', 'upstream_error', /did not contain/],
    [
      'a status_code other than 0',
      '{"status_code":2053,"aweme_details":[]}',
      'upstream_error',
      /did not contain/,
    ],
    ['no aweme_details', '{"status_code":0}', 'upstream_error', /did not contain/],
    [
      'an item for another post only',
      '{"aweme_details":[{"aweme_id":"1"}]}',
      'upstream_error',
      /did not contain/,
    ],
    ['a JSON array', '[]', 'upstream_error', /did not contain/],
  ])('%s → %s', (_name, body, code, says) => {
    const f = failure(body);
    expect(f.code).toBe(code);
    expect(f.message).toMatch(says);
  });
});
