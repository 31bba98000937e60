/**
 * File names for a mail's downloads, the same over REST (Content-Disposition) and in the
 * desktop's save dialog.
 */

/** The raw message of mail `id`. */
export function rawFileName(id: number): string {
  return `mail-${id}.eml`;
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
