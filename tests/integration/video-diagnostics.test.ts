import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../src-shared/api/routes.ts';
import {
  TaskCreatedSchema,
  TaskDiagnosticsSchema,
  TaskSchema,
  type Task,
  type TaskDiagnostics,
} from '../../src-shared/video/schemas.ts';
import { createDouyinExtractor } from '../../src-main/video/platforms/douyin/douyin-extractor.ts';
import { PlatformRegistry } from '../../src-main/video/platforms/registry.ts';
import { FAST_RETRY } from '../fixtures/platform-sim/douyin/douyin-harness.ts';
import {
  CAPTCHA_PAGE,
  realRouterData,
  type Json,
} from '../fixtures/platform-sim/douyin/douyin-pages.ts';
import { DouyinSim, type DouyinPostSpec } from '../fixtures/platform-sim/douyin/douyin-sim.ts';
import { deferred } from '../helpers/deferred.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The share page as Douyin serves it since 2026-08 (docs/platforms/douyin.md): the router data
 * is there, its loader is not, `videoInfoRes` having moved to a client-side request.
 */
function pageWithoutVideoInfo(): string {
  const data = realRouterData();
  const loaders = data.loaderData as Json;
  delete (loaders['video_(id)/page'] as Json).videoInfoRes;
  return `<!DOCTYPE html><html><head><title>抖音</title></head><body>
<script nonce="">window._ROUTER_DATA = ${JSON.stringify(data)}</script></body></html>`;
}

describe('a task keeps a redacted diagnostics record, served over REST', () => {
  let t: TestApp;
  let douyin: DouyinSim;

  beforeEach(async () => {
    const registry = new PlatformRegistry().register(createDouyinExtractor({ retry: FAST_RETRY }));
    t = await startTestApp({ registry });
    douyin = new DouyinSim(t.sim);
  });

  /**
   * Douyin's web API (`slidesinfo`, which an extractor may ask before the share page) answers
   * like the page does here, so the record ends on the share page whichever path comes first.
   */
  function apiAnswers(status: number, body: string): void {
    t.sim.handle('www.iesdouyin.com', '/web/api/', (_req, res) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    });
  }
  afterEach(() => t.close());

  async function start(spec: DouyinPostSpec): Promise<string> {
    const post = douyin.publish(spec);
    const res = await t.postShare(`${post.shortUrl} 复制此链接，打开Dou音搜索，直接观看视频！`);
    expect(res.status).toBe(202);
    return TaskCreatedSchema.parse(await res.json()).task_id;
  }

  async function failedTask(spec: DouyinPostSpec): Promise<Task> {
    const task = TaskSchema.parse(await t.waitFor(await start(spec), ['completed', 'failed']));
    expect(task.status).toBe('failed');
    return task;
  }

  async function diagnostics(taskId: string): Promise<TaskDiagnostics> {
    const res = await t.request(routes.taskDiagnostics.url({ token: taskId }));
    expect(res.status).toBe(200);
    return TaskDiagnosticsSchema.strict().parse(await res.json());
  }

  it('shows the fetch the captcha page answered and the failure it led to', async () => {
    apiAnswers(200, CAPTCHA_PAGE);
    const task = await failedTask({ html: CAPTCHA_PAGE });
    const record = await diagnostics(task.task_id);
    expect(record).toMatchObject({
      task_id: task.task_id,
      platform: 'douyin',
      status: 'failed',
      error: task.error,
      error_code: task.error_code,
      retryable: task.retryable,
      steps_dropped: 0,
    });
    expect(record.app_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(record.os).toBe(`${process.platform} ${process.arch}`);
    const fetches = record.steps.filter((s) => s.kind === 'fetch');
    expect(fetches[0]).toMatchObject({ host: 'v.douyin.com', redirect_host: 'www.iesdouyin.com' });
    expect(fetches.at(-1)).toMatchObject({
      phase: 'resolve',
      host: 'www.iesdouyin.com',
      status: 200,
      content_type: 'text/html',
      bytes: Buffer.byteLength(CAPTCHA_PAGE),
    });
    expect(record.failure).toMatchObject({
      phase: 'resolve',
      error_class: 'PlatformError',
      code: task.error_code,
    });
    expect(record.failure?.step).toMatch(/^GET www\.iesdouyin\.com\/share\/video\/\d+\/? → 200$/);
    // The share link's query (which carries share tokens on the real platform) is never kept.
    expect(JSON.stringify(record)).not.toContain('?');
  });

  it('shows the keys the page had when the one the extractor reads is missing', async () => {
    apiAnswers(404, '');
    const task = await failedTask({ html: pageWithoutVideoInfo() });
    const record = await diagnostics(task.task_id);
    const json = record.steps.filter((s) => s.kind === 'json');
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ source: 'window._ROUTER_DATA', found: true });
    const shape = json[0]?.kind === 'json' ? json[0].shape : [];
    expect(shape).toEqual(
      expect.arrayContaining([
        '$.loaderData: object(2)',
        '$.loaderData.video_(id)/page: object(18)',
        '$.loaderData.video_(id)/page.itemId: string',
        '$.loaderData.video_(id)/page.serverToken: empty string',
      ]),
    );
    expect(shape.join('\n')).not.toContain('videoInfoRes');
    // Keys and types only: none of the page data's values (its signatures, ids, agent) is there.
    const page = (realRouterData().loaderData as Json)['video_(id)/page'] as Json;
    const query = page.query as Json;
    const values = [page.ua, page.webId, query.share_sign, query.u_code, query.did, query.ts];
    for (const value of values) {
      expect(typeof value === 'string' && value.length >= 8).toBe(true);
      expect(JSON.stringify(record)).not.toContain(value);
    }
    expect(record.failure).toMatchObject({
      phase: 'resolve',
      step: 'read window._ROUTER_DATA (found)',
      error_class: 'PlatformError',
    });
  });

  it('records each failed download mirror, and survives a restart for the task’s life', async () => {
    const task = await failedTask({ cdn: { status: 403 } });
    const record = await diagnostics(task.task_id);
    const last = record.steps.at(-1);
    expect(last).toMatchObject({ kind: 'error', phase: 'download', status: 403 });
    expect(record.failure).toMatchObject({
      phase: 'download',
      error_class: 'UpstreamStatusError',
      status: 403,
    });
    await t.restart();
    const again = await diagnostics(task.task_id);
    expect({ ...again, server_time: 0 }).toEqual({ ...record, server_time: 0 });
  });

  it('answers 409 while the task runs, 200 once it completed, 410 for an unknown task', async () => {
    const hold = deferred();
    const arrived = deferred();
    const id = await start({ cdn: { hold: hold.promise, onRequest: () => arrived.resolve() } });
    await arrived.promise;
    const running = await t.request(routes.taskDiagnostics.url({ token: id }));
    expect(running.status).toBe(409);
    const refusal = (await running.json()) as { detail: string };
    expect(refusal.detail).toMatch(/is processing; its diagnostics are written when it ends/);
    hold.resolve();
    expect((await t.waitFor(id, ['completed', 'failed'])).status).toBe('completed');
    const done = await diagnostics(id);
    expect(done).toMatchObject({ status: 'completed', failure: null, error: null });
    expect(done.steps.filter((s) => s.kind === 'fetch' && s.status === 200).length).toBeGreaterThan(
      0,
    );

    const unknown = await t.request(routes.taskDiagnostics.url({ token: 'no-such-task' }));
    expect(unknown.status).toBe(410);
  });
});
