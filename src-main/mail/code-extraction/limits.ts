/**
 * Bounds on how much of a mail is looked at. A verification code sits near the top of a mail,
 * so the caps cost no recall and keep the work small for a 10 MiB body.
 */

/** Raw text/plain read before normalisation. */
export const MAX_TEXT_CHARS = 64 * 1024;

/** Visible text scanned per source, after HTML rendering and normalisation. */
export const MAX_SCAN_CHARS = 16 * 1024;

/** Subjects longer than this are junk; the code, if any, is at the start. */
export const MAX_SUBJECT_CHARS = 1024;
