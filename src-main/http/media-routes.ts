import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from '@fastify/send';
import { create as contentDisposition } from 'content-disposition';
import { AppError } from '../app/app-error.ts';
import type { MediaFile, MediaKind, VideoService } from '../video/video-service.ts';
import { mediaFileName } from './media-file-name.ts';

interface TokenParams {
  token: string;
}

const KINDS: readonly MediaKind[] = ['download', 'preview', 'cover'];

/**
 * Download, preview and cover. @fastify/send does Range (single ranges; 206/416), If-Range,
 * conditional requests, ETag and HEAD; a multi-range request gets the whole file with 200.
 */
export function registerMediaRoutes(app: FastifyInstance, video: VideoService): void {
  for (const kind of KINDS) {
    app.get<{ Params: TokenParams }>(`/api/tasks/:token/${kind}`, (request, reply) =>
      serveMedia(request, reply, video, kind),
    );
  }
}

async function serveMedia(
  request: FastifyRequest<{ Params: TokenParams }>,
  reply: FastifyReply,
  video: VideoService,
  kind: MediaKind,
): Promise<FastifyReply> {
  const file = video.mediaFile(request.params.token, kind);
  const result = await send(request.raw, file.path, {
    acceptRanges: true,
    cacheControl: false,
    contentType: false,
    dotfiles: 'allow',
    etag: true,
    lastModified: true,
    index: false,
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
    .header('cache-control', 'no-store')
    .header('content-disposition', dispositionOf(file, kind))
    .send(stream);
}

function dispositionOf(file: MediaFile, kind: MediaKind): string {
  const name = mediaFileName(file, kind);
  return contentDisposition(name, { type: kind === 'download' ? 'attachment' : 'inline' });
}
