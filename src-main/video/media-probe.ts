import fs from 'node:fs';
import type { Movie } from 'mp4box';

/** What the file itself says, for fields the platform left out. */
export interface MediaFacts {
  width: number | null;
  height: number | null;
  /** Seconds. */
  duration: number | null;
  /** The video track's codec string, e.g. `avc1.64001f` or `hvc1.1.6.L63.90`. */
  videoCodec: string | null;
}

/** Box types an MP4/MOV file can start with; anything else is not worth handing to the parser. */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'styp']);

const CHUNK_BYTES = 1024 * 1024;
/** Reads stop after this many chunks: a header that is not found by then is not a header. */
const MAX_READS = 64;

/**
 * Reads an MP4's header (moov) with mp4box.js and returns size, duration and codec. The parser
 * says where to read next, so a moov at the end of a large file costs a seek, not a full read.
 * Anything that is not a readable MP4 gives all nulls rather than an error.
 */
export async function probeMp4(path: string): Promise<MediaFacts> {
  const none: MediaFacts = { width: null, height: null, duration: null, videoCodec: null };
  const handle = await fs.promises.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    // mp4box.js prints parse errors to the console; a file that is not an MP4 is simply no answer.
    if (!FIRST_BOXES.has(head.toString('latin1', 4, 8))) return none;
    // Loaded on first use: most tasks never need the probe, and an idle app stays smaller.
    const { createFile, MP4BoxBuffer } = await import('mp4box');
    let movie: Movie | null = null;
    let failed = false;
    const file = createFile();
    file.onReady = (info) => {
      movie = info;
    };
    file.onError = () => {
      failed = true;
    };
    let position = 0;
    for (let reads = 0; reads < MAX_READS && !movie && !failed && position < size; reads++) {
      const buffer = new ArrayBuffer(Math.min(CHUNK_BYTES, size - position));
      const { bytesRead } = await handle.read(
        new Uint8Array(buffer),
        0,
        buffer.byteLength,
        position,
      );
      if (bytesRead === 0) break;
      const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(buffer, position));
      position = next > position ? next : position + bytesRead;
    }
    file.flush();
    return movie ? factsOf(movie) : none;
  } catch {
    return none;
  } finally {
    await handle.close();
  }
}

function factsOf(movie: Movie): MediaFacts {
  const video = movie.videoTracks[0];
  const width = video?.video?.width ?? video?.track_width ?? 0;
  const height = video?.video?.height ?? video?.track_height ?? 0;
  const duration = movie.timescale > 0 ? movie.duration / movie.timescale : 0;
  return {
    width: width > 0 ? width : null,
    height: height > 0 ? height : null,
    duration: duration > 0 ? Math.round(duration * 1000) / 1000 : null,
    videoCodec: video?.codec ?? null,
  };
}
