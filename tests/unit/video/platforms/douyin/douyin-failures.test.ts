import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskErrorCode } from '../../../../../src-shared/video/schemas.ts';
import { PlatformError } from '../../../../../src-main/video/platforms/platform.ts';
import {
  FAST_RETRY,
  SLIDESINFO_VARIANTS,
  startDouyinHarness,
  type DouyinHarness,
} from '../../../../fixtures/platform-sim/douyin/douyin-harness.ts';
import {
  BROWSER_CHECK_PAGE,
  CAPTCHA_PAGE,
  PAGE_WITHOUT_DATA,
} from '../../../../fixtures/platform-sim/douyin/douyin-pages.ts';
import type { DouyinPostSpec } from '../../../../fixtures/platform-sim/douyin/douyin-sim.ts';
import * as variants from '../../../../fixtures/platform-sim/douyin/douyin-variants.ts';

interface Case {
  name: string;
  spec: DouyinPostSpec;
  code: TaskErrorCode;
  retryable: boolean;
  says: RegExp;
}

/** Codes public parsers read as anti-bot or rate answers, each with its own sentence. */
const RISK_CASES: Case[] = [8, 2154, 2156, 10000, 10001].map((code) => ({
  name: `item API: risk-control status_code ${code}, no item`,
  spec: { api: { body: JSON.stringify({ status_code: code, status_msg: '' }) } },
  code: 'blocked_by_platform',
  retryable: true,
  says: new RegExp(`limiting requests from this connection.*\\(code ${code}\\).*proxy`),
}));

/**
 * One row per failure signal: what the simulated Douyin does, and what the user must read.
 * `shape: 'legacy'` rows are the 2025 share page, read as the fallback when the item APIs have
 * no item; the others are Douyin as it is today. "item API" rows hold for slidesinfo and
 * iteminfo alike (one firewall before both), so they pass with slidesinfo live or dark.
 */
const CASES: Case[] = [
  {
    name: 'item API: no item, filter_list names deletion',
    spec: { editInfo: variants.deleted },
    code: 'unavailable',
    retryable: false,
    says: /deleted or made private.*作品已删除.*another link/,
  },
  {
    name: 'item API: no item and no reason, page without data',
    spec: { editInfo: variants.emptyItems },
    code: 'unavailable',
    retryable: true,
    says: /returned no data.*deleted or made private.*later/,
  },
  {
    name: 'item API: filter_list names a private post (invented reason)',
    spec: { editInfo: variants.filteredAs('status_self_see') },
    code: 'login_required',
    retryable: false,
    says: /private: only its author/,
  },
  {
    name: 'item API: filter_list names a friends-only post (invented reason)',
    spec: { editInfo: variants.filteredAs('status_friend_see') },
    code: 'login_required',
    retryable: false,
    says: /only to its author's friends/,
  },
  {
    name: 'item: status.private_status 1 (the author only)',
    spec: { editItem: variants.privateStatus(1) },
    code: 'login_required',
    retryable: false,
    says: /private: only its author/,
  },
  {
    name: 'item: status.private_status 2 (friends only)',
    spec: { editItem: variants.privateStatus(2) },
    code: 'login_required',
    retryable: false,
    says: /only to its author's friends/,
  },
  {
    name: 'item: risk_infos.reflow_unplayable',
    spec: { editItem: variants.reflowUnplayable },
    code: 'login_required',
    retryable: false,
    says: /only inside its app/,
  },
  ...RISK_CASES,
  {
    name: 'iteminfo: reflow_id refused (encrypt_data_miss) after slidesinfo had nothing',
    spec: { editInfo: variants.emptyItems, xssToken: 'f'.repeat(96) },
    code: 'upstream_error',
    retryable: true,
    says: /did not contain the video data.*update/,
  },
  {
    name: 'slidesinfo: item marked deleted',
    spec: { editItem: (i) => void (i.status = { is_delete: true, is_private: false }) },
    code: 'unavailable',
    retryable: false,
    says: /deleted or made private by its author\. Try another link/,
  },
  {
    name: 'slidesinfo: item marked private (is_private)',
    spec: { editItem: (i) => void (i.status = { is_delete: false, is_private: true }) },
    code: 'login_required',
    retryable: false,
    says: /private: only its author/,
  },
  {
    name: 'slidesinfo: captcha page',
    spec: { api: { body: CAPTCHA_PAGE } },
    code: 'blocked_by_platform',
    retryable: true,
    says: /captcha.*proxy/,
  },
  {
    name: 'slidesinfo: empty body (WAF)',
    spec: { api: { body: '' } },
    code: 'blocked_by_platform',
    retryable: true,
    says: /firewall.*empty.*proxy/,
  },
  {
    name: 'slidesinfo: browser check',
    spec: { api: { body: BROWSER_CHECK_PAGE } },
    code: 'blocked_by_platform',
    retryable: true,
    says: /browser check.*proxy/,
  },
  {
    name: 'slidesinfo 403',
    spec: { api: { status: 403 } },
    code: 'blocked_by_platform',
    retryable: true,
    says: /refused.*HTTP 403.*proxy/,
  },
  {
    name: 'item API: a status_code no source explains (invented 4)',
    spec: { api: { body: '{"status_code":4,"status_msg":"params error"}' } },
    code: 'upstream_error',
    retryable: true,
    says: /did not contain the video data.*update/,
  },
  {
    name: 'slidesinfo: an item for another post',
    spec: {
      api: { body: '{"status_code":0,"aweme_details":[{"aweme_id":"7000000000000000001"}]}' },
    },
    code: 'upstream_error',
    retryable: true,
    says: /did not contain the video data.*update/,
  },
  {
    name: 'slidesinfo 503 on every try',
    spec: { api: { failures: 99 } },
    code: 'upstream_error',
    retryable: true,
    says: /HTTP 503.*later/,
  },
  {
    name: 'slidesinfo refused, page says deleted: the page wins',
    spec: { shape: 'legacy', api: { status: 403 }, editInfo: variants.deleted },
    code: 'unavailable',
    retryable: false,
    says: /deleted or made private.*作品已删除.*another link/,
  },
  {
    name: 'deleted or private (filter_list)',
    spec: { shape: 'legacy', editInfo: variants.deleted },
    code: 'unavailable',
    retryable: false,
    says: /deleted or made private.*作品已删除.*another link/,
  },
  {
    name: 'empty item_list, no reason',
    spec: { shape: 'legacy', editInfo: variants.emptyItems },
    code: 'unavailable',
    retryable: true,
    says: /without the video.*later/,
  },
  {
    name: 'region filter_reason',
    spec: { shape: 'legacy', editInfo: variants.regionFiltered },
    code: 'region_blocked',
    retryable: false,
    says: /region.*proxy/,
  },
  {
    name: 'empty item_list abroad',
    spec: { shape: 'legacy', editInfo: variants.overseaEmpty },
    code: 'region_blocked',
    retryable: false,
    says: /region.*proxy/,
  },
  {
    name: 'HTTP 451',
    spec: { shape: 'legacy', pageStatus: 451 },
    code: 'region_blocked',
    retryable: false,
    says: /region.*proxy/,
  },
  {
    name: 'captcha page',
    spec: { shape: 'legacy', html: CAPTCHA_PAGE },
    code: 'blocked_by_platform',
    retryable: true,
    says: /captcha.*proxy/,
  },
  {
    name: 'WAF empty page',
    spec: { shape: 'legacy', html: '' },
    code: 'blocked_by_platform',
    retryable: true,
    says: /firewall.*empty.*proxy/,
  },
  {
    name: 'browser check (__ac_nonce)',
    spec: { shape: 'legacy', html: BROWSER_CHECK_PAGE },
    code: 'blocked_by_platform',
    retryable: true,
    says: /browser check.*proxy/,
  },
  {
    name: 'page without _ROUTER_DATA',
    spec: { shape: 'legacy', html: PAGE_WITHOUT_DATA },
    code: 'upstream_error',
    retryable: true,
    says: /did not contain the video data.*update/,
  },
  {
    name: 'share page 403',
    spec: { shape: 'legacy', pageStatus: 403 },
    code: 'blocked_by_platform',
    retryable: true,
    says: /refused.*HTTP 403.*proxy/,
  },
  {
    name: 'share page 404',
    spec: { shape: 'legacy', pageStatus: 404 },
    code: 'unavailable',
    retryable: false,
    says: /no video at this link \(HTTP 404\)/,
  },
  {
    name: 'share page redirects elsewhere',
    spec: { shape: 'legacy', pageStatus: 302, pageLocation: 'https://www.douyin.com/' },
    code: 'upstream_error',
    retryable: true,
    says: /elsewhere \(HTTP 302\)/,
  },
  {
    name: 'share page 503 on every try',
    spec: { shape: 'legacy', pageFailures: 99 },
    code: 'upstream_error',
    retryable: true,
    says: /HTTP 503.*later/,
  },
  {
    name: 'no play address',
    spec: { editItem: (i) => void delete (i.video as Record<string, unknown>).play_addr },
    code: 'unavailable',
    retryable: true,
    says: /no playable file/,
  },
  {
    name: 'play endpoint 404',
    spec: { playLocation: 'https://aweme.snssdk.com/aweme/v1/play/?video_id=gone' },
    code: 'unavailable',
    retryable: false,
    says: /no longer exists/,
  },
  {
    name: 'play endpoint → foreign host',
    spec: { playLocation: 'https://cdn.evil.example/v.mp4' },
    code: 'upstream_error',
    retryable: false,
    says: /outside Douyin.*refused/,
  },
  {
    name: 'short link → foreign host',
    spec: { shortLocation: 'https://evil.example/share/video/7535852404919586100/' },
    code: 'upstream_error',
    retryable: false,
    says: /redirected to evil\.example.*not a Douyin address/,
  },
  {
    name: 'short link → Xigua',
    spec: { shortLocation: 'https://m.ixigua.com/video/7000000000000000000' },
    code: 'unsupported',
    retryable: false,
    says: /Xigua/,
  },
];

describe.each(SLIDESINFO_VARIANTS)(
  'Douyin extractor, slidesinfo %s: every failure signal has its own error',
  (slidesinfo) => {
    let h: DouyinHarness;
    /** Sentences per meaning (cases that share a `says` pattern mean the same thing). */
    const sentences = new Map<string, Set<string>>();
    beforeEach(async () => {
      h = await startDouyinHarness({ slidesinfo });
    });
    afterEach(() => h.close());
    afterAll(() => {
      // One sentence per meaning, and meanings never share a sentence.
      const all = [...sentences.values()].flatMap((set) => [...set]);
      expect(all.length).toBe(sentences.size);
      expect(new Set(all).size).toBe(all.length);
    });

    it.each(CASES)('$name → $code', async ({ spec, code, retryable, says }) => {
      const post = h.douyin.publish(spec);
      const failure = await h.failure(post.shortUrl);
      expect({ code: failure.code, retryable: failure.retryable }).toEqual({ code, retryable });
      expect(failure.message).toMatch(says);
      expect(failure.message).not.toMatch(/undefined|null|\[object|Error\b/);
      expect(h.hosts().filter((host) => host.includes('evil') || host.includes('ixigua'))).toEqual(
        [],
      );
      sentences.set(says.source, (sentences.get(says.source) ?? new Set()).add(failure.message));
    });

    it('retries 5xx with back-off and succeeds within the attempts', async () => {
      const post = h.douyin.publish({ shape: 'legacy', pageFailures: FAST_RETRY.attempts - 1 });
      expect((await h.resolve(post.shortUrl)).id).toBe(post.id);
      expect(h.douyin.pageHits(post.id)).toBe(FAST_RETRY.attempts);
      const api = h.douyin.publish({ api: { failures: FAST_RETRY.attempts - 1 } });
      expect((await h.resolve(api.shortUrl)).kind).toBe('video');
      const dark = h.douyin.slidesinfoDark;
      expect(dark ? h.douyin.itemInfoHits(api.id) : h.douyin.apiHits(api.id)).toBe(
        FAST_RETRY.attempts,
      );
      // While slidesinfo is dark, the item comes from iteminfo, behind the share page.
      expect(h.douyin.pageHits(api.id)).toBe(h.douyin.slidesinfoDark ? 1 : 0);
    });

    it('gives up after the attempts on 5xx, and never retries a 4xx meaning "gone"', async () => {
      const failing = h.douyin.publish({ shape: 'legacy', pageFailures: 99 });
      await h.failure(failing.shortUrl);
      expect(h.douyin.pageHits(failing.id)).toBe(FAST_RETRY.attempts);
      const gone = h.douyin.publish({ shape: 'legacy', pageStatus: 404 });
      await h.failure(gone.shortUrl);
      expect(h.douyin.pageHits(gone.id)).toBe(1);
    });

    it('an unknown or expired short link is "gone", without a retry', async () => {
      const failure = await h.failure('https://v.douyin.com/expired1/');
      expect(failure).toMatchObject({ code: 'unavailable', retryable: false });
      expect(failure.message).toMatch(/short link does not exist or has expired \(HTTP 404\)/);
      expect(h.sim.hits('https://v.douyin.com/expired1/')).toBe(1);
    });

    it('a link to a profile (a page, not a post) is not a single video', async () => {
      const profile = 'https://www.douyin.com/user/MS4wLjABAAAAwJYnMkU3OD9t';
      h.sim.route(profile, {
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<html/>',
      });
      const failure = await h.failure(profile);
      expect(failure).toMatchObject({ code: 'not_single_video', retryable: false });
      expect(failure.message).toMatch(/does not lead to a single video.*Share/);
    });

    it('a redirect loop ends after a few hops', async () => {
      h.sim.redirect('https://v.douyin.com/loop/', 'https://v.douyin.com/loop/');
      const failure = await h.failure('https://v.douyin.com/loop/');
      expect(failure.error).toBeInstanceOf(PlatformError);
      expect(failure.message).toMatch(/too many redirects/);
      expect(h.sim.hits('https://v.douyin.com/loop/')).toBe(4);
    });
  },
);

describe.each(SLIDESINFO_VARIANTS)(
  'Douyin extractor, slidesinfo %s: galleries never yield an item',
  (slidesinfo) => {
    let h: DouyinHarness;
    beforeEach(async () => {
      h = await startDouyinHarness({ slidesinfo });
    });
    afterEach(() => h.close());

    const galleries: [string, DouyinPostSpec][] = [
      ['short link → /share/note/', { sharePath: 'note' }],
      ['short link → /share/slides/', { sharePath: 'slides' }],
      [
        'slidesinfo item (request_source=200) with aweme_type 2',
        { editItem: variants.imagePost(2) },
      ],
      ['slidesinfo item with aweme_type 68', { editItem: variants.imagePost(68) }],
      ['slidesinfo item with images[] only', { editItem: variants.imagesOnly }],
      ['2025 video page with aweme_type 2', { shape: 'legacy', editItem: variants.imagePost(2) }],
      ['2025 note page', { shape: 'legacy', asNote: true }],
      [
        'share page 302 → note',
        {
          shape: 'legacy',
          pageStatus: 302,
          pageLocation: 'https://www.iesdouyin.com/share/note/7500000000000000001/',
        },
      ],
    ];

    it.each(galleries)('%s → gallery with no media, nothing downloaded', async (_name, spec) => {
      const post = h.douyin.publish(spec);
      const resolved = await h.resolve(post.shortUrl);
      expect(resolved).toMatchObject({ kind: 'gallery', media: [], cover: null, duration: null });
      expect(h.hosts().filter((host) => !/^(v\.douyin|www\.iesdouyin)\.com$/.test(host))).toEqual(
        [],
      );
    });

    it('asks slidesinfo as a video, then as a note, and keeps the title of the note', async () => {
      const post = h.douyin.publish({ editItem: variants.imagePost(2) });
      const resolved = await h.resolve(`https://www.douyin.com/video/${post.id}`);
      expect(resolved).toMatchObject({ kind: 'gallery', title: expect.any(String) as unknown });
      const asked = h.sim.requests.filter((r) =>
        r.path.startsWith('/web/api/v2/aweme/slidesinfo/'),
      );
      expect(asked.map((r) => r.path)).toEqual([
        `/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${post.id}%5D`,
        `/web/api/v2/aweme/slidesinfo/?aweme_ids=%5B${post.id}%5D&request_source=200`,
      ]);
      expect(h.douyin.pageHits(post.id)).toBe(h.douyin.slidesinfoDark ? 1 : 0);
      expect(h.douyin.itemInfoHits(post.id)).toBe(h.douyin.slidesinfoDark ? 1 : 0);
    });

    it('a short link to /share/slides/ is refused before anything about the post is asked', async () => {
      const post = h.douyin.publish({ sharePath: 'slides', editItem: variants.imagePost(2) });
      expect(await h.resolve(post.shortUrl)).toMatchObject({ kind: 'gallery', media: [] });
      expect(h.douyin.apiHits(post.id) + h.douyin.pageHits(post.id)).toBe(0);
    });
  },
);
