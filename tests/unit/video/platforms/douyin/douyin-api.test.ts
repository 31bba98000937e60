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

  it('an empty list, a null entry or a null list is "no item", not a failure', () => {
    expect(readSlidesInfo('{"status_code":0,"aweme_details":[]}', ID)).toEqual({ kind: 'empty' });
    expect(readSlidesInfo('{"aweme_details":[null]}', ID)).toEqual({ kind: 'empty' });
    // How slidesinfo answers for a post with no public item since 2026-11 (issue 31).
    expect(readSlidesInfo('{"status_code":0,"aweme_details":null}', ID)).toEqual({
      kind: 'empty',
    });
  });

  it.each([
    ['status_deleted', '作品已删除', 'unavailable', /deleted or made private.*作品已删除/],
    ['status_self_see', null, 'login_required', /private: only its author/],
    ['status_friend_see', null, 'login_required', /author's friends/],
    ['region_restricted', null, 'region_blocked', /region/],
  ])('null with filter_list %s → %s, a verdict on the post', (reason, msg, code, says) => {
    const body = JSON.stringify({
      status_code: 0,
      aweme_details: null,
      filter_list: [{ aweme_id: ID, filter_reason: reason, detail_msg: msg }],
    });
    const answer = readSlidesInfo(body, ID);
    if (answer.kind !== 'verdict') throw new Error(`expected a verdict, got ${answer.kind}`);
    expect(answer.error).toMatchObject({ code, retryable: false });
    expect(answer.error.message).toMatch(says);
  });

  it.each([8, 2154, 2156, 10000, 10001])(
    'status_code %i with no item is risk control: blocked_by_platform, retryable',
    (code) => {
      const answer = readSlidesInfo(`{"status_code":${code},"status_msg":""}`, ID);
      if (answer.kind !== 'failed') throw new Error(`expected a failure, got ${answer.kind}`);
      expect(answer.error).toMatchObject({ code: 'blocked_by_platform', retryable: true });
      expect(answer.error.message).toMatch(new RegExp(`limiting requests.*code ${code}`));
      expect(answer.error.message).not.toMatch(/update/);
    },
  );

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
