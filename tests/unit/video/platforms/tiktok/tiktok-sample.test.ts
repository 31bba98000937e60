import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DERIVED_VIDEO_PAGE } from '../../../../fixtures/platform-sim/tiktok/derived-video-page.ts';
import {
  sampleDetail,
  SAMPLE_POST,
} from '../../../../fixtures/platform-sim/tiktok/tiktok-sample.ts';

const ORIGINAL = new URL(
  '../../../../../../shared/fixtures/platforms/tiktok/DERIVED_video_page_universal_data_7305827432509082913.html',
  import.meta.url,
);

describe('the TikTok sample the simulator is built from', () => {
  it.skipIf(!fs.existsSync(ORIGINAL))('is a byte-for-byte copy of the shared fixture', () => {
    expect(DERIVED_VIDEO_PAGE).toBe(fs.readFileSync(ORIGINAL, 'utf8'));
  });

  it('says what the assertions say it does', () => {
    const item = sampleDetail().itemInfo?.itemStruct;
    expect(item?.id).toBe(SAMPLE_POST.id);
    expect(item?.desc.trim()).toBe(SAMPLE_POST.title);
    expect(item?.author.nickname).toBe(SAMPLE_POST.author);
    expect(item?.author.uniqueId).toBe(SAMPLE_POST.user);
    expect(item?.video).toMatchObject({
      duration: SAMPLE_POST.duration,
      width: SAMPLE_POST.width,
      height: SAMPLE_POST.height,
    });
  });
});
