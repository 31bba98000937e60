import type { Dispatcher } from 'undici';
import type { Task } from '../../src-shared/video/schemas.ts';
import { startApp, type AppOverrides, type RunningApp } from '../../src-main/app/compose.ts';
import type { AppConfig } from '../../src-main/app/config.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { SimExtractor } from '../fixtures/platform-sim/sim-extractor.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { simDispatcher } from '../fixtures/platform-sim/sim-dispatcher.ts';
import { makeTempDir, removeTempDir } from './temp-dir.ts';

/** A registry with the simulated extractor for all three platforms. */
export function simRegistry(): PlatformRegistry {
  return new PlatformRegistry()
    .register(new SimExtractor('douyin'))
    .register(new SimExtractor('tiktok'))
    .register(new SimExtractor('kuaishou'));
}

export interface TestAppOptions extends AppOverrides {
  dataDir?: string;
  config?: Partial<AppConfig>;
}

/** A running app on 127.0.0.1:0 wired to a running platform simulator. */
export interface TestApp {
  app: RunningApp;
  sim: PlatformSim;
  dataDir: string;
  url(path: string): string;
  request(path: string, init?: RequestInit): Promise<Response>;
  postShare(text: string): Promise<Response>;
  /** Polls with ?wait= until the status is one of `statuses` (bounded: 20 rounds). */
  waitFor(taskId: string, statuses: Task['status'][]): Promise<Task>;
  /** Restarts the app on the same data folder (and sim). */
  restart(overrides?: TestAppOptions): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const sim = await new PlatformSim().start();
  const dataDir = options.dataDir ?? makeTempDir();
  const dispatcher: Dispatcher = simDispatcher(sim.port);
  const boot = (opts: TestAppOptions): Promise<RunningApp> =>
    startApp(
      {
        host: '127.0.0.1',
        port: 0,
        smtpPort: 0,
        dataDir,
        domains: [],
        headless: true,
        proxy: null,
        ...opts.config,
      },
      {
        registry: simRegistry(),
        dispatcher: opts.resolver || opts.config?.proxy ? undefined : dispatcher,
        quiet: true,
        rateLimits: { requestsPerMinute: 100_000, createsPerMinute: 100_000 },
        retry: { attempts: 2, baseDelayMs: 10 },
        // No DNS from tests: no domain has MX records unless a test says otherwise.
        resolveMx: () => Promise.resolve([]),
        ...stripLocal(opts),
      },
    );
  const t: TestApp = {
    app: await boot(options),
    sim,
    dataDir,
    url: (path) => `${t.app.httpUrl}${path}`,
    request: (path, init) => fetch(t.url(path), init),
    postShare: (text) =>
      t.request('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      }),
    async waitFor(taskId, statuses) {
      for (let round = 0; round < 20; round++) {
        // Look first, then hold: ?wait= only returns early on a change after it arrives.
        const res = await t.request(`/api/tasks/${taskId}${round === 0 ? '' : '?wait=5'}`);
        if (res.status !== 200) throw new Error(`GET task answered ${res.status}`);
        const task = (await res.json()) as Task;
        if (statuses.includes(task.status)) return task;
      }
      throw new Error(`task ${taskId} never reached ${statuses.join('/')}`);
    },
    async restart(overrides = {}) {
      await t.app.stop();
      t.app = await boot({ ...options, ...overrides });
    },
    async close() {
      await t.app.stop();
      await dispatcher.close();
      await sim.stop();
      if (!options.dataDir) removeTempDir(dataDir);
    },
  };
  return t;
}

function stripLocal(opts: TestAppOptions): AppOverrides {
  const { dataDir: _d, config: _c, ...overrides } = opts;
  return overrides;
}
