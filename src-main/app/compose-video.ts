import path from 'node:path';
import type { Dispatcher } from 'undici';
import { VIDEO_LIMITS } from '../../src-shared/video/limits.ts';
import type { Clock } from '../core/clock.ts';
import { createLogger } from '../core/logger.ts';
import type { Db } from '../db/open-database.ts';
import type { OpenFile } from '../video/downloader.ts';
import { MediaStore } from '../video/media-store.ts';
import type { Resolver } from '../video/outbound/address-guard.ts';
import { readyDispatcher } from '../video/outbound/dispatcher.ts';
import { OutboundClient } from '../video/outbound/outbound-client.ts';
import { DIRECT } from '../video/outbound/proxy-failure.ts';
import {
  createOutboundTransports,
  GuardProxy,
  type OutboundTransports,
} from '../video/outbound/outbound-setup.ts';
import { dispatcherTransport, type Transport } from '../video/outbound/transport.ts';
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
  /**
   * Transport for platform pages (impit by default). A test that passes `dispatcher` and no page
   * transport sends pages through that dispatcher too, so nothing leaves for the real platforms.
   */
  pageTransport?: Transport;
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
  const outbound = composeOutbound(overrides, config.proxy);
  const runner = new TaskRunner({
    registry: overrides.registry ?? createDefaultRegistry(),
    http: outbound.client,
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
    setProxy: (proxy) => outbound.setProxy(proxy),
    closeOutbound: () => outbound.close(),
  };
}

/** The client every video request goes out through, and its transports' life. */
export interface VideoOutbound {
  client: OutboundClient;
  /** Routes new requests through this proxy (null: direct or HTTP(S)_PROXY). */
  setProxy(proxy: string | null): void;
  /** Closes the transports in use (nothing of a test's own dispatcher). */
  close(): Promise<void>;
}

/**
 * The outbound side of the video service: pages as a browser (impit), media through undici,
 * both behind the DNS guard, through `proxy` when set. The app and `probe` both fetch with it.
 */
export function composeOutbound(
  overrides: Pick<VideoOverrides, 'dispatcher' | 'pageTransport' | 'resolver'>,
  proxy: string | null,
): VideoOutbound {
  const guard = new GuardProxy({ resolver: overrides.resolver });
  const makeTransports = transportMaker(overrides, guard);
  let transports = makeTransports(proxy);
  const client = new OutboundClient(transports.dispatcher, transports.pages, transports.route);
  return {
    client,
    setProxy: (next) => {
      const old = transports;
      transports = makeTransports(next);
      client.switchTransports(transports);
      if (old !== transports) void old.close().catch(() => undefined);
    },
    close: async () => {
      await transports.close().catch(() => undefined);
      await guard.close();
    },
  };
}

/** How the outbound transports are made for a proxy setting (tests pass fixed ones). */
function transportMaker(
  overrides: Pick<VideoOverrides, 'dispatcher' | 'pageTransport' | 'resolver'>,
  guard: GuardProxy,
): (proxy: string | null) => OutboundTransports {
  const fixed = overrides.dispatcher;
  if (fixed) {
    const dispatcher = readyDispatcher(fixed);
    const pinned: OutboundTransports = {
      dispatcher,
      pages: overrides.pageTransport ?? dispatcherTransport(dispatcher),
      pageClient: 'undici',
      route: DIRECT,
      close: () => Promise.resolve(),
    };
    return () => pinned;
  }
  return (proxy) => {
    const made = createOutboundTransports({ proxy, resolver: overrides.resolver, guard });
    const pages = overrides.pageTransport;
    return pages ? { ...made, pages } : made;
  };
}
