import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignedJson, scriptJsonById } from '../../../../src-main/video/platforms/page-data.ts';

const SHARED = path.join(import.meta.dirname, '../../../../../shared/fixtures/platforms');

describe('page-data', () => {
  it('reads window._ROUTER_DATA from the real Douyin share page', () => {
    const html = fs.readFileSync(
      path.join(SHARED, 'douyin/iesdouyin_share_video_7535852404919586100.html'),
      'utf8',
    );
    const data = assignedJson(html, '_ROUTER_DATA') as {
      loaderData: Record<string, { videoInfoRes?: { item_list: { aweme_id: string }[] } }>;
    };
    expect(data.loaderData['video_(id)/page']?.videoInfoRes?.item_list[0]?.aweme_id).toBe(
      '7535852404919586100',
    );
  });

  it('reads the universal data script of the TikTok page by id', () => {
    const html = fs.readFileSync(
      path.join(SHARED, 'tiktok/DERIVED_video_page_universal_data_7305827432509082913.html'),
      'utf8',
    );
    const data = scriptJsonById(html, '__UNIVERSAL_DATA_FOR_REHYDRATION__') as {
      __DEFAULT_SCOPE__: Record<string, unknown>;
    };
    expect(Object.keys(data.__DEFAULT_SCOPE__)).toContain('webapp.video-detail');
  });

  it('stops at the matching brace, ignoring braces inside strings and a trailing IIFE', () => {
    const html =
      '<script>window.__APOLLO_STATE__={"a":"}{\\"","b":{"c":1}};(function(){var s;}())</script>';
    expect(assignedJson(html, '__APOLLO_STATE__')).toEqual({ a: '}{"', b: { c: 1 } });
  });

  it.each([
    ['no assignment', '<html></html>'],
    ['unbalanced braces', '<script>window.X = {"a": {</script>'],
    ['invalid JSON', '<script>window.X = {a: 1}</script>'],
  ])('answers null for %s', (_name, html) => {
    expect(assignedJson(html, 'X')).toBeNull();
    expect(scriptJsonById(html, 'X')).toBeNull();
  });

  it('accepts `undefined` values the way pages write them', () => {
    expect(assignedJson('window.S = {"a":undefined,"b":[undefined]}', 'S')).toEqual({
      a: null,
      b: [null],
    });
  });
});
