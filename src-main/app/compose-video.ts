import path from 'node:path';
import type { Dispatcher } from 'undici';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import type { Clock } from '../core/clock.ts';
import { createLogger } from '../core/logger.ts';
import type { Db } from '../db/open-database.ts';
import type { OpenFile } from '../video/downloader.ts';
import { MediaStore } from '../video/media-store.ts';
import type { Resolver } from '../video/outbound/address-guard.ts';
import { createDispatcher } from '../video/outbound/dispatcher.ts';
import { OutboundClient } from '../video/outbound/outbound-client.ts';
import { createDefaultRegistry } from '../video/platforms/default-registry.ts';
import type { PlatformRegistry } from '../video/platforms/registry.ts';
import { TaskScheduler, type SchedulerLimits } from '../video/scheduler.ts';
import { TaskRunner } from '../video/task-runner.ts';
import { TaskStore } from '../video/task-store.ts';
import { VideoService } from '../video/video-service.ts';
import { aboutThisApp } from './about-app.ts';

/** Replaceable parts of the video service, for tests and benchmarks. */
export interface VideoOverrides {
  /** Transport for outbound requests (a test proxy or a connector to a local simulator). */
  dispatcher?: Dispatcher;
  resolver?: Resolver;
  registry?: PlatformRegistry;
  freeBytes?: () => number;
  limits?: Partial<SchedulerLimits>;
  maxFileBytes?: number;
  /** Tries per media mirror and first back-off of the download retries. */
  retry?: { attempts: number; baseDelayMs: number };
  /** Opens media files for writing (tests inject a full disk). */
  openMediaFile?: OpenFile;
}

export interface VideoConfig {
  dataDir: string;
  proxy: string | null;
}

export interface VideoParts {
  video: VideoService;
  scheduler: TaskScheduler;
  /** Routes new outbound requests through this proxy (null: direct or HTTP(S)_PROXY). */
  setProxy(proxy: string | null): void;
  /** Closes the outbound transport in use, unless a test passed its own. */
  closeOutbound(): Promise<void>;
}

export const DEFAULT_SCHEDULER_LIMITS: SchedulerLimits = {
  slots: VIDEO_LIMITS.slots,
  concurrency: VIDEO_LIMITS.concurrentDownloads,
  retentionMs: VIDEO_LIMITS.retentionSeconds * 1000,
  timeoutMs: VIDEO_LIMITS.taskTimeoutSeconds * 1000,
  sweepIntervalMs: VIDEO_LIMITS.sweepIntervalMs,
};

/** Builds the video service and starts its scheduler (tasks of a previous run are settled). */
export function composeVideo(
  db: Db,
  clock: Clock,
  config: VideoConfig,
  overrides: VideoOverrides & { quiet?: boolean; version?: string },
): VideoParts {
  const logger = (tag: string) => createLogger(tag, overrides.quiet);
  const media = new MediaStore(path.join(config.dataDir, 'media'), logger('app'));
  const makeDispatcher = dispatcherMaker(overrides);
  let dispatcher = makeDispatcher(config.proxy);
  const outbound = new OutboundClient(dispatcher);
  const runner = new TaskRunner({
    registry: overrides.registry ?? createDefaultRegistry(),
    http: outbound,
    media,
    maxFileBytes: overrides.maxFileBytes ?? VIDEO_LIMITS.maxFileBytes,
    retry: overrides.retry,
    openFile: overrides.openMediaFile,
  });
  const scheduler = new TaskScheduler({
    store: new TaskStore(db),
    media,
    runner,
    clock,
    limits: { ...DEFAULT_SCHEDULER_LIMITS, ...overrides.limits },
    logger: logger('scheduler'),
  });
  scheduler.start();
  const video = new VideoService({
    scheduler,
    media,
    clock,
    freeBytes: overrides.freeBytes,
    about: aboutThisApp(overrides.version),
  });
  return {
    video,
    scheduler,
    setProxy: (proxy) => {
      const next = makeDispatcher(proxy);
      const old = outbound.switchDispatcher(next);
      dispatcher = next;
      if (old !== next) void old.close().catch(() => undefined);
    },
    closeOutbound: async () => {
      if (!overrides.dispatcher) await dispatcher.close().catch(() => undefined);
    },
  };
}

/** How the outbound transport is made for a proxy setting (tests pass a fixed dispatcher). */
function dispatcherMaker(overrides: VideoOverrides): (proxy: string | null) => Dispatcher {
  const fixed = overrides.dispatcher;
  if (fixed) return () => fixed;
  return (proxy) => createDispatcher({ proxy, resolver: overrides.resolver });
}
