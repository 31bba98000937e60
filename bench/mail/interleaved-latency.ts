import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';

/**
 * Latencies of `next()`'s GETs (with the API key) and of `/api/health` on the same connection,
 * interleaved one for one after a warm-up, so drift in machine load hits both alike.
 */
export async function interleavedLatency(
  pool: Pool,
  next: () => string,
  key: string,
  counts: { warmup: number; requests: number },
): Promise<{ ours: number[]; bare: number[] }> {
  const timed = async (path: string, headers: Record<string, string>): Promise<number> => {
    const start = performance.now();
    const res = await pool.request({ method: 'GET', path, headers });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path}: HTTP ${res.statusCode}`);
    return performance.now() - start;
  };
  const auth = { 'x-api-key': key };
  for (let i = 0; i < counts.warmup; i++) await timed(next(), auth);
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < counts.requests; i++) {
    ours.push(await timed(next(), auth));
    bare.push(await timed('/api/health', {}));
  }
  return { ours, bare };
}
