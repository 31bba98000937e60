/**
 * Downloads the browser makes from an authenticated fetch: the API key travels in a header, so
 * a plain link cannot fetch the file; the bytes are saved through an object URL instead.
 */

/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 5987, UTF-8) first, then
 * `filename` (quoted or a token). Null when neither is there or readable. Path separators are
 * replaced, though browsers drop them from a download's name anyway.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^utf-8'[^']*'(.+)$/i.exec(extended);
    if (match?.[1]) {
      try {
        return clean(decodeURIComponent(match[1]));
      } catch {
        // Malformed percent-encoding: fall back to the plain filename.
      }
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return value ? clean(value) : null;
}

function clean(name: string): string | null {
  const cleaned = name.replace(/[\\/]/g, '_').trim();
  return cleaned === '' ? null : cleaned;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers still read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The first `maxBytes` of a response body as UTF-8 text (invalid bytes replaced); the rest is
 * not downloaded (the body is cancelled).
 */
export async function readTextHead(
  res: Response,
  maxBytes: number,
): Promise<{ text: string; read: number; complete: boolean }> {
  const reader = res.body?.getReader();
  if (!reader) return { text: '', read: 0, complete: true };
  const pieces: Uint8Array[] = [];
  let read = 0;
  let complete = false;
  while (read < maxBytes) {
    const { done, value } = await reader.read();
    if (done) {
      complete = true;
      break;
    }
    const piece = value.subarray(0, maxBytes - read);
    pieces.push(piece);
    read += piece.length;
  }
  if (!complete) await reader.cancel().catch(() => undefined);
  const all = new Uint8Array(read);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return { text: new TextDecoder('utf-8').decode(all), read, complete };
}
