/**
 * File names for a mail's downloads, the same over REST (Content-Disposition) and in the
 * desktop's save dialog.
 */

/** Characters of a subject kept in a file name: long subjects make unwieldy files. */
const SUBJECT_CHARS = 100;

/**
 * The raw message of mail `id`, named after its subject as mail apps save it ("Your sign-in
 * code.eml"); `mail-<id>.eml` when it has none. Two mails with one subject get the same name:
 * the browser and the save dialog already number or ask.
 */
export function rawFileName(id: number, subject: string | null): string {
  const name = safeName(subject);
  if (name === null) return `mail-${id}.eml`;
  return `${Array.from(name).slice(0, SUBJECT_CHARS).join('').trim()}.eml`;
}

/** Attachment `index` (0-based): the sender's name made safe, or `attachment-<index>`. */
export function attachmentFileName(filename: string | null, index: number): string {
  return safeName(filename) ?? `attachment-${index}`;
}

/**
 * The sender's file name without what could make a saved file land elsewhere or fail: path
 * separators, control characters, characters Windows rejects, leading dots; at most 200
 * characters. Null when nothing is left.
 */
function safeName(name: string | null): string | null {
  if (name === null) return null;
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/:*?"<>|]+/g, '_')
    .replace(/^[\s.]+/, '')
    .trim();
  const cut = Array.from(cleaned).slice(0, 200).join('');
  return cut === '' ? null : cut;
}

/** The name with anything outside printable ASCII (and quote, backslash) replaced. */
export function asciiName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim();
  return ascii === '' ? 'attachment' : ascii;
}
