import { scriptJsonById } from '../page-data.ts';
import { parseChallenge, type WafChallenge } from './tiktok-challenge.ts';
import { TIKTOK_ERRORS } from './tiktok-errors.ts';
import {
  ItemStructSchema,
  UniversalDataSchema,
  type TiktokItem,
  type VideoDetail,
} from './tiktok-schema.ts';

export const UNIVERSAL_DATA_ID = '__UNIVERSAL_DATA_FOR_REHYDRATION__';

/** What a video page turned out to be. */
export type VideoPage =
  | { kind: 'detail'; detail: VideoDetail | null }
  | { kind: 'challenge'; challenge: WafChallenge }
  /** "Please wait..." without a challenge Ephemera can read (unrecoverable). */
  | { kind: 'waf' }
  | { kind: 'captcha' }
  | { kind: 'unknown' };

/**
 * Sorts a page by what it carries (docs/platforms/tiktok.md §Failure signals). The
 * universal data wins; without it the page is a challenge, a bot wall or something new.
 */
export function readVideoPage(html: string): VideoPage {
  const data = scriptJsonById(html, UNIVERSAL_DATA_ID);
  if (data !== null) {
    const parsed = UniversalDataSchema.safeParse(data);
    const scope = parsed.success ? parsed.data.__DEFAULT_SCOPE__ : undefined;
    // The desktop page names it `webapp.video-detail`; the "reflow" page (served to mobile and,
    // by 2026, to some desktop requests) `webapp.reflow.video.detail`, same shape.
    const detail = scope?.['webapp.video-detail'] ?? scope?.['webapp.reflow.video.detail'];
    return { kind: 'detail', detail: detail ?? null };
  }
  const challenge = parseChallenge(html);
  if (challenge) return { kind: 'challenge', challenge };
  if (html.includes('Please wait...')) return { kind: 'waf' };
  // Not a documented marker: TikTok's captcha pages have not been captured publicly, so any
  // data-less page that mentions a captcha is read as one.
  if (/captcha/i.test(html)) return { kind: 'captcha' };
  return { kind: 'unknown' };
}

/**
 * The post inside the video detail, or the error its status stands for (yt-dlp's
 * reading: 10204 IP/region block, 10216 private post, 10222 private account).
 */
export function itemFromDetail(detail: VideoDetail | null): TiktokItem {
  if (!detail) throw TIKTOK_ERRORS.pageChanged();
  const status = detail.statusCode ?? 0;
  if (status === 10204) throw TIKTOK_ERRORS.regionBlocked();
  if (status === 10216) throw TIKTOK_ERRORS.privatePost();
  if (status === 10222) throw TIKTOK_ERRORS.privateAccount();
  const message = cleanStatusMessage(detail.statusMsg);
  const item = ItemStructSchema.safeParse(detail.itemInfo?.itemStruct);
  if (status !== 0 || message !== '' || !item.success) {
    throw TIKTOK_ERRORS.notAvailable(status, message);
  }
  const video = item.data.video;
  if (item.data.isContentClassified === true && !video?.playAddr && !video?.bitrateInfo?.length) {
    throw TIKTOK_ERRORS.ageRestricted();
  }
  return item.data;
}

/** The platform's own words, kept short and on one line for a sentence a person reads. */
function cleanStatusMessage(message: string | undefined): string {
  return (message ?? '')
    .replace(/[\p{Cc}"\s]+/gu, ' ')
    .trim()
    .slice(0, 80);
}
