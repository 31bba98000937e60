import { assignedJson } from '../page-data.ts';
import type { KuaishouItem } from './kuaishou-item.ts';
import {
  isObject,
  list,
  personName,
  positive,
  text,
  unwrapApolloJson,
  type JsonObject,
} from './kuaishou-json.ts';
import { NOTHING, type PageReading } from './kuaishou-page-signals.ts';

const PHOTO_KEY = 'VisionVideoDetailPhoto:';
const AUTHOR_KEY = 'VisionVideoDetailAuthor:';

/**
 * Reads the desktop page's `window.__APOLLO_STATE__={…};(function(){…removeChild…}())`. The
 * brace matcher stops at the object's end, so the self-removing script after it never reaches
 * the JSON parser. Only the photo stored under the requested id counts: the cache also holds
 * recommended videos, and one of those is never a stand-in for the shared post.
 */
export function readDesktopState(html: string, photoId: string | null): PageReading {
  const state = assignedJson(html, '__APOLLO_STATE__');
  if (!isObject(state)) return NOTHING;
  const client = isObject(state.defaultClient) ? state.defaultClient : state;
  const key = photoId ? `${PHOTO_KEY}${photoId}` : soleKey(client, PHOTO_KEY);
  const photo = key ? client[key] : undefined;
  if (!key || !isObject(photo)) return NOTHING;
  return { kind: 'item', item: apolloPhotoToItem(photo, key.slice(PHOTO_KEY.length), client) };
}

function apolloPhotoToItem(photo: JsonObject, id: string, client: JsonObject): KuaishouItem {
  const manifest = unwrapApolloJson(photo.manifest);
  const size = singleSize(manifest);
  const cover = text(photo.coverUrl);
  return {
    id,
    title: text(photo.caption),
    author: authorName(photo, client),
    // H.264 first; the H.265 file is the same video for players that lack HEVC.
    videoUrls: [text(photo.photoUrl), text(photo.photoH265Url)].filter((u) => u !== null),
    hasManifest: isObject(manifest) || isObject(unwrapApolloJson(photo.manifestH265)),
    covers: cover ? [{ url: cover, fromWebpList: false }] : [],
    durationMs: positive(photo.duration),
    width: size?.width ?? null,
    height: size?.height ?? null,
    gallery: false,
  };
}

/**
 * The author entry the photo points to (`author: {id: "VisionVideoDetailAuthor:…"}` in Apollo's
 * normalised cache) or else the page's only author entry.
 */
function authorName(photo: JsonObject, client: JsonObject): string | null {
  const ref = isObject(photo.author) ? text(photo.author.id ?? photo.author.__ref) : null;
  const key = ref?.startsWith(AUTHOR_KEY) ? ref : soleKey(client, AUTHOR_KEY);
  const author = key ? client[key] : null;
  return isObject(author) ? personName(author.name) : null;
}

/** The one key with `prefix`; null when there is none or several (ambiguous). */
function soleKey(client: JsonObject, prefix: string): string | null {
  const keys = Object.keys(client).filter((k) => k.startsWith(prefix));
  return keys.length === 1 ? (keys[0] ?? null) : null;
}

/**
 * Width and height from `manifest.adaptationSet[].representation[]` when every representation
 * has the same size. With several qualities it is unknown which one `photoUrl` is, so the size
 * is left to the probe of the downloaded file rather than guessed.
 */
function singleSize(manifest: unknown): { width: number; height: number } | null {
  if (!isObject(manifest)) return null;
  const sizes = new Set<string>();
  for (const set of list(manifest.adaptationSet)) {
    if (!isObject(set)) continue;
    for (const rep of list(set.representation)) {
      if (!isObject(rep)) continue;
      const width = positive(rep.width);
      const height = positive(rep.height);
      if (width !== null && height !== null) sizes.add(`${width}x${height}`);
    }
  }
  if (sizes.size !== 1) return null;
  const [width, height] = [...sizes][0]?.split('x').map(Number) ?? [];
  return width && height ? { width, height } : null;
}
