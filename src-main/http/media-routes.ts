import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from '@fastify/send';
import { create as contentDisposition } from 'content-disposition';
import { taskMediaRoutes } from '../../src-shared/api/routes.ts';
import { AppError } from '../core/app-error.ts';
import type { MediaFile, MediaKind, VideoService } from '../video/video-service.ts';
import { mediaFileName } from '../api/media-file-name.ts';
import { parseRouteInput } from '../api/route-input.ts';
import { normaliseRangeHeaders, strongEtag } from './range-headers.ts';

type TokenParams = Record<string, string>;

const KINDS: readonly MediaKind[] = ['download', 'preview', 'cover'];
const MEDIA_ROUTE = {
  download: 'taskDownload',
  preview: 'taskPreview',
  cover: 'taskCover',
} as const;

/**
 * Download, preview and cover (outside the request rate limit). @fastify/send does Range (single ranges; 206/416), If-Range,
 * conditional requests, ETag and HEAD; a multi-range request gets the whole file with 200.
 */
export function registerMediaRoutes(app: FastifyInstance, video: VideoService): void {
  for (const kind of KINDS) {
    app.get<{ Params: TokenParams }>(
      taskMediaRoutes[kind].path,
      // Not counted against the per-minute request limit: a <video> element asks for many
      // ranges while it plays and seeks, and each file is reachable only through its task's
      // unguessable id for 180 s anyway.
      { config: { rateLimit: false } },
      (request, reply) => serveMedia(request, reply, video, kind),
    );
  }
}

async function serveMedia(
  request: FastifyRequest<{ Params: TokenParams }>,
  reply: FastifyReply,
  video: VideoService,
  kind: MediaKind,
): Promise<FastifyReply> {
  const { token } = parseRouteInput(MEDIA_ROUTE[kind], {
    params: request.params,
    query: {},
  }).params;
  const file = video.mediaFile(token, kind);
  const stat = await fs.promises.stat(file.path).catch(() => null);
  if (!stat) throw new AppError('TASK_GONE', 'The task does not exist or has expired.');
  // stat.mtime (not mtimeMs): send() builds its tag from the Date, which rounds sub-millisecond times.
  const etag = strongEtag(stat.size, stat.mtime.getTime());
  const headers = normaliseRangeHeaders(request.headers, etag, stat.size);
  // send() reads only `method` and `headers` of the request it is given.
  const sendRequest = { method: request.raw.method, headers } as IncomingMessage;
  const result = await send(sendRequest, file.path, {
    acceptRanges: true,
    cacheControl: false,
    contentType: false,
    dotfiles: 'allow',
    etag: true,
    lastModified: true,
    index: false,
    // send() leaves highWaterMark null, which Node 20 reads as 16 KiB chunks: four times the
    // syscalls and writes of a plain stream (measured in bench/serving.ts).
    highWaterMark: 256 * 1024,
  });
  if (result.type === 'error') {
    if (result.statusCode === 404) {
      throw new AppError('TASK_GONE', 'The task does not exist or has expired.');
    }
    if (result.statusCode === 416) {
      return reply
        .code(416)
        .headers(result.headers)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ detail: 'The requested range is outside the file.' });
    }
    if (result.statusCode < 500) {
      return reply
        .code(result.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ detail: result.metadata.error.message });
    }
    throw new AppError('INTERNAL', result.metadata.error.message);
  }
  const stream = result.stream;
  const untrack = video.trackTransfer(file.taskId, stream);
  stream.once('close', untrack);
  return reply
    .code(result.statusCode)
    .headers(result.headers)
    .header('content-type', file.contentType)
    .header('etag', etag)
    .header('cache-control', 'no-store')
    .header('content-disposition', dispositionOf(file, kind))
    .send(stream);
}

/** RFC 6266 with the UTF-8 title in filename*, and an ASCII fallback every OS accepts. */
function dispositionOf(file: MediaFile, kind: MediaKind): string {
  const name = mediaFileName(file, kind);
  return contentDisposition(name, {
    type: kind === 'download' ? 'attachment' : 'inline',
    fallback: mediaFileName({ ...file, title: null }, kind),
  });
}
