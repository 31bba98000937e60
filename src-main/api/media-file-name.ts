import type { MediaFile, MediaKind } from '../video/video-service.ts';

const EXTENSIONS: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'image/avif': '.avif',
  'image/heic': '.heic',
};

const MAX_STEM_CHARS = 80;
/**
 * Most file systems allow 255 bytes (ext4, APFS in UTF-8) or 255 UTF-16 units (NTFS) per name.
 * 240 UTF-8 bytes for the title leaves room for the longest suffix, "-cover.avif" (11 bytes),
 * and is never more than 240 UTF-16 units.
 */
const MAX_STEM_BYTES = 240;

/**
 * Names Windows keeps for devices, with or without an extension ("CON", "aux.mp4", "COM¹"):
 * saving a file under one of them fails or writes to the device.
 */
const WINDOWS_DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³]|CONIN\$|CONOUT\$)$/i;

/**
 * Made on the first download name, not at import: building a segmenter loads ICU's break
 * data, a few milliseconds of every launch (bench/desktop-launch.ts) for a name most runs
 * never make.
 */
let graphemes: Intl.Segmenter | null = null;

/**
 * A file name a person recognises: the video's title, cleaned of characters file systems
 * reject, cut to a length every OS accepts, with the extension of the real content type.
 * Safe on Windows too: no reserved device name, no trailing dot or space in the title part.
 */
export function mediaFileName(file: MediaFile, kind: MediaKind): string {
  const extension = EXTENSIONS[file.contentType] ?? (kind === 'cover' ? '.jpg' : '.mp4');
  const cleaned = (file.title ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[\\/:*?"<>|#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '');
  const stem = trimEnd(cut(cleaned));
  const base = stem === '' ? `${file.platform}-video` : notADevice(stem);
  return `${base}${kind === 'cover' ? '-cover' : ''}${extension}`;
}

/** The longest prefix of whole graphemes within both limits (a flag or an accent stays whole). */
function cut(text: string): string {
  let out = '';
  let chars = 0;
  let bytes = 0;
  graphemes ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(text)) {
    chars += [...segment].length;
    bytes += Buffer.byteLength(segment, 'utf8');
    if (chars > MAX_STEM_CHARS || bytes > MAX_STEM_BYTES) break;
    out += segment;
  }
  return out;
}

/** Windows drops trailing dots and spaces of a name; drop them here so nothing is lost there. */
function trimEnd(stem: string): string {
  return stem.replace(/[\s.]+$/, '');
}

/** Windows reads the part before the first dot, without trailing spaces, as the device name. */
function notADevice(stem: string): string {
  const head = (stem.split('.')[0] ?? '').trimEnd();
  return WINDOWS_DEVICE.test(head) ? `_${stem}` : stem;
}
