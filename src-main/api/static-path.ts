import path from 'node:path';

/**
 * A URL path (still %-encoded) as a path relative to a static folder: '' for the folder itself,
 * null when it would leave the folder (`..`, an absolute path, a NUL) or does not decode. The
 * web UI route and the desktop window's app:// protocol serve the same files through it.
 */
export function safeRelativePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.normalize(decoded).replace(/^([/\\])+/, '');
  if (normal === '' || normal === '.') return '';
  if (normal.startsWith('..') || path.isAbsolute(normal)) return null;
  return normal;
}
