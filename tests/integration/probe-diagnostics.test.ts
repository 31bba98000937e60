import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { TaskDiagnosticsSchema } from '../../src-shared/video/schemas.ts';
import { createProbeCommand } from '../../src-main/cli/probe-command.ts';
import { createDouyinExtractor } from '../../src-main/video/platforms/douyin/douyin-extractor.ts';
import { OutboundClient } from '../../src-main/video/outbound/outbound-client.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { FAST_RETRY } from '../fixtures/platform-sim/douyin/douyin-harness.ts';
import { CAPTCHA_PAGE } from '../fixtures/platform-sim/douyin/douyin-pages.ts';
import { DouyinSim } from '../fixtures/platform-sim/douyin/douyin-sim.ts';
import { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { simDispatcher } from '../fixtures/platform-sim/sim-dispatcher.ts';
import { readyDispatcher } from '../../src-main/video/outbound/dispatcher.ts';

/** `npm run cli -- probe` against the simulated Douyin, its two streams captured. */
describe('probe prints the diagnostics record', () => {
  let sim: PlatformSim;
  let dispatcher: Dispatcher;
  let douyin: DouyinSim;
  let out: string;
  let err: string;

  beforeEach(async () => {
    sim = await new PlatformSim().start();
    dispatcher = simDispatcher(sim.port);
    douyin = new DouyinSim(sim);
    out = '';
    err = '';
  });
  afterEach(async () => {
    process.exitCode = undefined;
    await dispatcher.close();
    await sim.stop();
  });

  function probe(text: string): Promise<void> {
    return createProbeCommand({
      registry: new PlatformRegistry().register(createDouyinExtractor({ retry: FAST_RETRY })),
      outbound: () => ({
        client: new OutboundClient(readyDispatcher(dispatcher)),
        close: () => Promise.resolve(),
      }),
      about: { appVersion: '9.8.7', os: 'testos x64' },
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
    }).run([text]);
  }

  it('on failure: the sentence on stderr, the whole record as JSON on stdout, exit code 1', async () => {
    // Douyin's web API, when an extractor asks it first, refuses alike (see video-diagnostics).
    sim.handle('www.iesdouyin.com', '/web/api/', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(CAPTCHA_PAGE);
    });
    const post = douyin.publish({ html: CAPTCHA_PAGE });
    await probe(`${post.shortUrl} 复制此链接，打开Dou音搜索，直接观看视频！`);
    expect(process.exitCode).toBe(1);
    expect(err).toMatch(/captcha/i);
    const record = TaskDiagnosticsSchema.strict().parse(JSON.parse(out));
    expect(record).toMatchObject({
      task_id: 'probe',
      platform: 'douyin',
      status: 'failed',
      app_version: '9.8.7',
      os: 'testos x64',
      error: err.trim(),
      error_code: 'blocked_by_platform',
      failure: { phase: 'resolve', error_class: 'PlatformError', code: 'blocked_by_platform' },
    });
    expect(record.failure?.step).toMatch(/^GET www\.iesdouyin\.com\/share\/video\/\d+\/? → 200$/);
    const kinds = record.steps.map((s) => s.kind);
    expect(kinds.slice(0, 2)).toEqual(['fetch', 'redirect']);
    expect(kinds.at(-1)).toBe('fetch');
  });

  it('on success: the post, then one line per step', async () => {
    const post = douyin.publish({});
    await probe(post.shortUrl);
    expect(process.exitCode).toBeUndefined();
    expect(err).toBe('');
    expect(out).toMatch(/^platform {3}Douyin\n/);
    const steps = out.slice(out.indexOf('steps '));
    expect(steps).toMatch(/^steps {6}\d+ \(Ephemera 9\.8\.7, testos x64\)\n/);
    expect(steps).toContain('  GET v.douyin.com/');
    expect(steps).toMatch(/\n {2}GET www\.iesdouyin\.com\/\S+ → 200\n/);
    expect(steps).not.toContain('?');
  });
});
