/** The bounds of link extraction: the work per mail stays small whatever the sender sends. */

/** HTML rendered to find links (the same cap as html-text/html-to-text.ts). */
export const MAX_HTML_CHARS = 1024 * 1024;
/** Rendered text kept (anchors past it are still reported up to MAX_ANCHORS). */
export const MAX_RENDERED_CHARS = 256 * 1024;
/** text/plain read for URLs. */
export const MAX_TEXT_CHARS = 256 * 1024;
/** URLs read from one text. */
export const MAX_TEXT_URLS = 200;
/** A URL longer than this is not a link a person opens (and is not returned). */
export const MAX_URL_CHARS = 4096;
/** Text before a link read as its context ("Click the button below to confirm…"). */
export const CONTEXT_CHARS = 240;
