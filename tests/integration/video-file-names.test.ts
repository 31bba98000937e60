import contentDisposition from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskCreated } from '../../src-shared/video/schemas.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** What a browser saves the download as: filename* when present, else filename. */
function savedName(header: string | undefined): { name: string; fallback: string } {
  const raw = header ?? '';
  const parsed = contentDisposition.parse(raw);
  const fallback = /filename="([^"]*)"/.exec(raw)?.[1] ?? '';
  return { name: String(parsed.parameters.filename), fallback };
}

describe('download file names that Windows accepts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function downloadName(title: string): Promise<{ name: string; fallback: string }> {
    const video = publishVideo(t.sim, { size: 1000 }, { title });
    const { task_id } = (await (await t.postShare(video.shareUrl)).json()) as TaskCreated;
    await t.waitFor(task_id, ['completed']);
    const res = await rawRequest(t.url(`/api/tasks/${task_id}/download`), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    return savedName(res.headers['content-disposition']);
  }

  it.each([
    ['CON', '_CON.mp4'],
    ['aux.mp4', '_aux.mp4.mp4'],
    ['LPT9', '_LPT9.mp4'],
    ['the end. ', 'the end.mp4'],
    ['..', 'douyin-video.mp4'],
  ])('names the title %j as %j', async (title, expected) => {
    const { name, fallback } = await downloadName(title);
    expect(name).toBe(expected);
    expect(fallback.split('.')[0]).not.toMatch(/^(CON|PRN|AUX|NUL|COM\d|LPT\d)$/i);
  });

  it('keeps a long emoji title under 255 bytes', async () => {
    const { name } = await downloadName('😀'.repeat(120));
    expect(name).toBe(`${'😀'.repeat(60)}.mp4`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
  });
});
