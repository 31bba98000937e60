/** The bounds of link extraction: the work per mail stays small whatever the sender sends. */

/* The HTML's caps are the shared rendering's (html-text/mail-rendering.ts). */
/** text/plain read for URLs. */
export const MAX_TEXT_CHARS = 256 * 1024;
/** URLs read from one text. */
export const MAX_TEXT_URLS = 200;
/** A URL longer than this is not a link a person opens (and is not returned). */
export const MAX_URL_CHARS = 4096;
/** Text before a link read as its context ("Click the button below to confirm…"). */
export const CONTEXT_CHARS = 240;
