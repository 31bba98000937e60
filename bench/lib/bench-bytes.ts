import { randomBytes } from 'node:crypto';

export const MiB = 1024 * 1024;

/** The benchmark video size: 100 MiB. */
export const VIDEO_BYTES = 100 * MiB;

/**
 * Random bytes rather than a pattern, so nothing on the path (compression, dedup) can make the
 * copy cheaper than a real video would be. Held in memory so the serving side costs nothing.
 */
export function videoBytes(size = VIDEO_BYTES): Buffer {
  return randomBytes(size);
}

export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / MiB / (ms / 1000);
}
