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
 * A file name a person recognises: the video's title, cleaned of characters file systems
 * reject, cut to a length every OS accepts, with the extension of the real content type.
 */
export function mediaFileName(file: MediaFile, kind: MediaKind): string {
  const extension = EXTENSIONS[file.contentType] ?? (kind === 'cover' ? '.jpg' : '.mp4');
  const cleaned = (file.title ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[\\/:*?"<>|#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  const stem = [...cleaned].slice(0, MAX_STEM_CHARS).join('').trim();
  const base = stem || `${file.platform}-video`;
  return `${base}${kind === 'cover' ? '-cover' : ''}${extension}`;
}
