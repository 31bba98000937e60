import { assignedJson } from '../page-data.ts';
import type { CoverCandidate, KuaishouItem } from './kuaishou-item.ts';
import {
  integer,
  isObject,
  list,
  personName,
  positive,
  text,
  urlsOf,
  type JsonObject,
} from './kuaishou-json.ts';
import { NOTHING, refusalForResult, type PageReading } from './kuaishou-page-signals.ts';

/** `photoType` values of image posts (KS-Downloader's PHOTO_TYPE). */
const ATLAS_TYPES = new Set(['VERTICAL_ATLAS', 'HORIZONTAL_ATLAS']);
/** How deep to look for the entry; the state is a flat map of obfuscated keys today. */
const MAX_DEPTH = 2;

/**
 * Reads the phone share page's `window.INIT_STATE`. Its keys are obfuscated and change, so the
 * entry is found by shape: an object holding both `result` and `photo`. An entry with a
 * `result` other than 1 and no photo is Kuaishou saying why it withheld the post.
 */
export function readMobileState(html: string): PageReading {
  const state = assignedJson(html, 'INIT_STATE');
  if (!isObject(state)) return NOTHING;
  const entries = objectsWithin(state, MAX_DEPTH);
  const withPhoto = entries.find((e) => 'result' in e && isObject(e.photo));
  if (withPhoto) {
    const code = integer(withPhoto.result);
    if (code !== null && code !== 1) return { kind: 'refused', error: refusalForResult(code) };
    return { kind: 'item', item: photoToItem(withPhoto.photo as JsonObject) };
  }
  for (const entry of entries) {
    const code = integer(entry.result);
    if (code !== null && code !== 1) return { kind: 'refused', error: refusalForResult(code) };
  }
  return NOTHING;
}

/** Maps the mobile `photo` object (docs/platforms/kuaishou.md §Resolution, step 5). */
export function photoToItem(photo: JsonObject): KuaishouItem {
  const covers: CoverCandidate[] = [
    ...urlsOf(photo.coverUrls).map((url) => ({ url, fromWebpList: false })),
    ...urlsOf(photo.webpCoverUrls).map((url) => ({ url, fromWebpList: true })),
  ];
  return {
    id: text(photo.photoId) ?? idFromShareInfo(photo.share_info),
    title: text(photo.caption),
    author: personName(photo.userName),
    videoUrls: urlsOf(photo.mainMvUrls),
    hasManifest: isObject(photo.manifest) || isObject(photo.manifestH265),
    covers,
    durationMs: positive(photo.duration),
    width: positive(photo.width),
    height: positive(photo.height),
    gallery: isGallery(photo),
  };
}

function isGallery(photo: JsonObject): boolean {
  if (typeof photo.photoType === 'string' && ATLAS_TYPES.has(photo.photoType)) return true;
  const ext = isObject(photo.ext_params) ? photo.ext_params : {};
  // Public parsers read the image list from `ext_params.atlas` and from `atlas` on the photo
  // itself, with `cdn` or `cdnList` beside `list` (docs/platforms/kuaishou.md step 5).
  if (hasImages(ext.atlas) || hasImages(photo.atlas)) return true;
  return isMarked(ext.single) || isMarked(photo.singlePicture);
}

/** An atlas that names images: a non-empty `list` of paths (music alone is not a gallery). */
function hasImages(atlas: unknown): boolean {
  return isObject(atlas) && list(atlas.list).length > 0;
}

/** Flags arrive as `true`, `1` or a details object. */
function isMarked(value: unknown): boolean {
  return value === true || value === 1 || isObject(value);
}

/** `share_info` is a query string such as `userId=…&photoId=…`. */
function idFromShareInfo(value: unknown): string | null {
  const info = text(value);
  return info ? text(new URLSearchParams(info).get('photoId')) : null;
}

/** The object and its nested objects down to `depth` levels, breadth first. */
function objectsWithin(root: JsonObject, depth: number): JsonObject[] {
  const found: JsonObject[] = [];
  let level: JsonObject[] = [root];
  for (let d = 0; d < depth && level.length > 0; d++) {
    level = level.flatMap((o) => Object.values(o).filter(isObject));
    found.push(...level);
  }
  return found;
}
