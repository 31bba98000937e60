import type { LinkErrorType } from '../../src-shared/api/errors.ts';

/**
 * Where a pasted URL ends: whitespace (including the ideographic space), the Chinese punctuation
 * share texts glue to links, and ASCII characters that cannot stand unescaped in a URL. Inside
 * the host, an ideographic full stop followed by a letter or digit (`v。douyin。com`, as Chinese
 * input methods type it) is a dot of the name, which the URL parser maps to `.`; anywhere else
 * it ends the link.
 */
const LINK_PATTERN =
  /https?:\/\/(?:[^\s，。；！？、【】《》「」『』（）“”‘’…"'<>\\^`{}|/?#]|。(?=[a-z0-9]))+(?:[/?#][^\s，。；！？、【】《》「」『』（）“”‘’…"'<>\\^`{}|]*)?/giu;
/** Sentence punctuation that ends a share text right after the link but is never part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/u;

export type LinkExtraction =
  { ok: true; url: string } | { ok: false; type: LinkErrorType; message: string };

/**
 * Finds the single http(s) link in a pasted share text. The same link repeated counts once:
 * some apps paste it twice, and it is still one video.
 */
export function extractLink(text: string): LinkExtraction {
  // Keyed by the normalised URL (scheme and host are case-insensitive); the first spelling wins.
  const found = new Map<string, string>();
  for (const match of text.matchAll(LINK_PATTERN)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    if (candidate.length <= 'https://'.length) continue;
    const key = normalise(candidate);
    if (!found.has(key)) found.set(key, candidate);
  }
  if (found.size === 0) {
    return { ok: false, type: 'link_missing', message: 'The text holds no http(s) link' };
  }
  if (found.size > 1) {
    return {
      ok: false,
      type: 'link_multiple',
      message: `The text holds ${found.size} links; share exactly one video link`,
    };
  }
  const [url] = found.values();
  return { ok: true, url: url as string };
}

function normalise(link: string): string {
  try {
    return new URL(link).href;
  } catch {
    return link;
  }
}
