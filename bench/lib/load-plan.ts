/** What a load run asks for; passed to the worker as plain data. */
export interface LoadPlan {
  origin: string;
  path: string;
  /** Parallel clients, each on its own keep-alive connection. */
  clients: number;
  /** The run stops at whichever comes first: this many requests or this many ms. */
  maxRequests: number;
  durationMs: number;
  fileSize: number;
  /** Bytes per Range request, or null for full-file GETs. */
  rangeBytes: number | null;
  /** Seed of the range offsets, so both servers get the very same sequence. */
  seed: number;
}

export interface LoadStats {
  /** Requests answered in full before the deadline. */
  requests: number;
  /** Body bytes received before the deadline, whole or cut. */
  bytes: number;
  ms: number;
  /** CPU ms the load client's own thread used during the run. */
  clientCpuMs: number;
  /** CPU ms of every other thread (the server under test) during the run; set by runLoad. */
  serverCpuMs: number;
}

/** Small deterministic PRNG (mulberry32), so the range sequence is reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** The i-th range of a plan: [start, end] inclusive, as a Range header spells it. */
export function rangeOf(next: () => number, size: number, length: number): [number, number] {
  const start = Math.floor(next() * (size - length + 1));
  return [start, start + length - 1];
}
