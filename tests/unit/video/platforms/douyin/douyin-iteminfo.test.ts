import { describe, expect, it } from 'vitest';
import {
  itemInfoUrl,
  readReflowContext,
  reflowId,
} from '../../../../../src-main/video/platforms/douyin/douyin-iteminfo.ts';
import { itemRefusal } from '../../../../../src-main/video/platforms/douyin/douyin-answer.ts';
import { startDouyinHarness } from '../../../../fixtures/platform-sim/douyin/douyin-harness.ts';
import {
  REFLOW_COOKIE,
  REFLOW_WEB_ID,
  reflowToken,
} from '../../../../fixtures/platform-sim/douyin/douyin-api-sim.ts';
import { REAL_SHARE_PAGE } from '../../../../fixtures/platform-sim/douyin/real-share-page.ts';

const ID = '7535852404919586100';

describe('iteminfo, the second route (docs/platforms/douyin.md §Resolution, step 3)', () => {
  it('reads webid and xsstoken from the reflow divs, quoted or not, in any attribute case', () => {
    const html = `<div id='douyin_reflow_webId' webId=1234567890123456789 usercip=1.2.3.4></div>
      <div id=douyin_reflow_token xsstoken=abcdef0123456789abcdef0123456789></div>`;
    expect(readReflowContext(html)).toEqual({
      webId: '1234567890123456789',
      xssToken: 'abcdef0123456789abcdef0123456789',
    });
  });

  it('has no context without the token div (the 2025 capture) or with a web id too short for a key', () => {
    expect(readReflowContext(REAL_SHARE_PAGE)).toBeNull();
    expect(
      readReflowContext(
        '<div id="douyin_reflow_webId" webid="123"></div><div id="douyin_reflow_token" xsstoken="x"></div>',
      ),
    ).toBeNull();
  });

  it('reflow_id is base64 of AES-128-CBC with key = IV = the first 16 characters of the web id', () => {
    // Computed with `openssl enc -aes-128-cbc -K <hex of 1234567890123456> -iv <same>`.
    expect(
      reflowId({ webId: '1234567890123456789', xssToken: 'abcdef0123456789abcdef0123456789' }),
    ).toBe('3/NIldEXtOXV9QIPRR3uEaI3EmyfuwTeOL8qyEnK/mY4rahF4JihrOI4BFmTpc1K');
  });

  it('asks with the parameters the share page itself sends', () => {
    const url = new URL(itemInfoUrl(ID, { webId: 'W'.repeat(16), xssToken: 't' }));
    expect(url.origin + url.pathname).toBe('https://www.iesdouyin.com/web/api/v2/aweme/iteminfo/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      reflow_source: 'reflow_page',
      web_id: 'W'.repeat(16),
      device_id: 'W'.repeat(16),
      item_ids: ID,
      use_new_select_scope: '0',
    });
  });

  it('slidesinfo dark: asks iteminfo with the page cookies, the page as Referer and a reflow_id it accepts', async () => {
    const h = await startDouyinHarness({ slidesinfo: 'dark' });
    try {
      const post = h.douyin.publish();
      expect((await h.resolve(post.shortUrl)).id).toBe(post.id);
      const asked = h.sim.requests.find((r) => r.path.startsWith('/web/api/v2/aweme/iteminfo/'));
      expect(asked?.headers.cookie).toBe(`${REFLOW_COOKIE}=1`);
      expect(asked?.headers.referer).toBe(post.sharePageUrl);
      const query = new URL(`https://x${asked?.path ?? ''}`).searchParams;
      expect(query.get('web_id')).toBe(REFLOW_WEB_ID);
      expect(query.get('reflow_id')).toBe(
        reflowId({ webId: REFLOW_WEB_ID, xssToken: reflowToken(post.id) }),
      );
    } finally {
      await h.close();
    }
  });
});

describe('what an item says about who may watch it', () => {
  it.each([
    [{ status: { private_status: 1 } }, 'login_required', /only its author/],
    [{ status: { private_status: 2 } }, 'login_required', /friends/],
    [{ risk_infos: { reflow_unplayable: 1 } }, 'login_required', /only inside its app/],
    [{ status: { is_delete: true } }, 'unavailable', /deleted/],
  ])('%j → %s, lasting', (item, code, says) => {
    const refusal = itemRefusal(item);
    expect(refusal).toMatchObject({ code, retryable: false });
    expect(refusal?.message).toMatch(says);
  });

  it('a public item (private_status 0, reflow_unplayable 0, as in the real capture) is not refused', () => {
    expect(
      itemRefusal({ status: { private_status: 0 }, risk_infos: { reflow_unplayable: 0 } }),
    ).toBeNull();
  });
});
