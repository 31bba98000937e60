import { PLATFORM_NAMES } from '../../src-shared/video/platform-names.ts';
import type { DiagnosticsRecorder } from './diagnostics/diagnostics-recorder.ts';
import { withDiagnostics } from './diagnostics/diagnostics-scope.ts';
import type { TaskProgressState, TaskRecord } from './task-record.ts';
import type { OutboundClient, ScopedClient } from './outbound/outbound-client.ts';
import type { MediaStore } from './media-store.ts';
import type { PlatformRegistry } from './platforms/registry.ts';
import { PlatformError, type MediaSource, type ResolvedPost } from './platforms/platform.ts';
import { downloadToFile, type DownloadResult, type OpenFile } from './downloader.ts';
import { probeMp4 } from './media-probe.ts';
import { withRetry } from './retry.ts';
import { isLocalFault, isTransient, mostTelling } from './task-failure.ts';

const MAX_COVER_BYTES = 10 * 1024 * 1024;

/** What a finished task adds to its record. */
export type TaskOutcome = Pick<
  TaskRecord,
  | 'title'
  | 'author'
  | 'width'
  | 'height'
  | 'duration'
  | 'size'
  | 'mimeType'
  | 'mediaFile'
  | 'coverFile'
  | 'coverMime'
>;

export interface RunHooks {
  signal: AbortSignal;
  /** Called once the post is known, so pollers see title and author during the download. */
  onResolved(post: ResolvedPost): void;
  onProgress(progress: TaskProgressState): void;
  /** Records the run's redacted diagnostics (what was fetched and parsed, what failed). */
  diagnostics?: DiagnosticsRecorder;
}

export interface TaskRunnerDeps {
  registry: PlatformRegistry;
  http: OutboundClient;
  media: MediaStore;
  maxFileBytes: number;
  /** Tries per media mirror and the first back-off; tests shorten the wait. */
  retry?: { attempts: number; baseDelayMs: number };
  /** How media files are opened for writing; tests inject disk faults here. */
  openFile?: OpenFile;
}

const DEFAULT_RETRY = { attempts: 3, baseDelayMs: 1000 };

/** Does the work of one task: resolve the link, download the video, then the cover. */
export class TaskRunner {
  private readonly retry: { attempts: number; baseDelayMs: number };

  constructor(private readonly deps: TaskRunnerDeps) {
    this.retry = deps.retry ?? DEFAULT_RETRY;
  }

  async run(record: TaskRecord, hooks: RunHooks): Promise<TaskOutcome> {
    const extractor = this.deps.registry.get(record.platform);
    if (!extractor) {
      throw new PlatformError(
        'unsupported',
        `This build of Ephemera cannot download from ${PLATFORM_NAMES[record.platform]} yet.`,
        false,
      );
    }
    const http = this.deps.http.scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    const post = await withDiagnostics(hooks.diagnostics, () =>
      extractor.resolve(new URL(record.sourceUrl), { http, signal: hooks.signal }),
    );
    if (post.kind !== 'video') {
      throw new PlatformError(
        'not_single_video',
        'This post is a gallery or image post, not a single video. Ephemera downloads single videos only.',
        false,
      );
    }
    hooks.onResolved(post);
    hooks.diagnostics?.enter('download');
    const mediaFile = this.deps.media.videoName(record.taskId);
    const { video, source } = await this.downloadFirst(
      http,
      record.platform,
      post.media,
      mediaFile,
      hooks,
    );
    hooks.diagnostics?.enter('cover');
    const cover = await this.downloadCover(http, record.taskId, post.cover, hooks.signal);
    // The platform's numbers win (the downloaded file's own, else the post's); the file fills
    // what the platform left out.
    const width = source.width ?? post.width;
    const height = source.height ?? post.height;
    const needsProbe = width === null || height === null || post.duration === null;
    const facts = needsProbe ? await probeMp4(this.deps.media.pathOf(mediaFile)) : null;
    return {
      title: post.title,
      author: post.author,
      width: width ?? facts?.width ?? null,
      height: height ?? facts?.height ?? null,
      duration: post.duration ?? facts?.duration ?? null,
      size: video.size,
      mimeType: videoMime(video.contentType),
      mediaFile,
      coverFile: cover ? this.deps.media.coverName(record.taskId) : null,
      coverMime: cover?.contentType ?? null,
    };
  }

  /**
   * Tries each mirror in turn and, when all fail, reports the most telling failure rather than
   * the last one. A local fault (disk full, file too large) ends the search at once.
   */
  private async downloadFirst(
    http: ScopedClient,
    platform: TaskRecord['platform'],
    sources: MediaSource[],
    name: string,
    hooks: RunHooks,
  ): Promise<{ video: DownloadResult; source: MediaSource }> {
    if (sources.length === 0) {
      throw new PlatformError(
        'unavailable',
        'The platform offered no video file for this post.',
        false,
      );
    }
    const errors: unknown[] = [];
    for (const source of sources) {
      try {
        const video = await withRetry(
          () =>
            downloadToFile({
              http,
              source,
              path: this.deps.media.pathOf(name),
              partPath: this.deps.media.partPathOf(name),
              maxBytes: this.deps.maxFileBytes,
              signal: hooks.signal,
              openFile: this.deps.openFile,
              onProgress: (downloadedBytes, totalBytes) =>
                hooks.onProgress({ downloadedBytes, totalBytes }),
            }),
          { signal: hooks.signal, isRetryable: isTransient, ...this.retry },
        );
        return { video, source };
      } catch (err) {
        if (isLocalFault(err) || hooks.signal.aborted) throw err;
        hooks.diagnostics?.error(err);
        errors.push(err);
      }
    }
    throw mostTelling(errors, platform);
  }

  /** A cover is a nicety: any failure leaves the task without one rather than failing it. */
  private async downloadCover(
    http: ScopedClient,
    taskId: string,
    cover: MediaSource | null,
    signal: AbortSignal,
  ): Promise<{ contentType: string } | null> {
    if (!cover) return null;
    const name = this.deps.media.coverName(taskId);
    try {
      const result = await downloadToFile({
        http,
        source: cover,
        path: this.deps.media.pathOf(name),
        partPath: this.deps.media.partPathOf(name),
        maxBytes: MAX_COVER_BYTES,
        signal,
        openFile: this.deps.openFile,
      });
      const type = result.contentType?.split(';')[0]?.trim().toLowerCase();
      if (type?.startsWith('image/')) return { contentType: type };
    } catch (err) {
      if (signal.aborted) throw err;
    }
    this.deps.media.removeFile(name);
    return null;
  }
}

function videoMime(contentType: string | null): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type?.startsWith('video/') ? type : 'video/mp4';
}
