import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp } from '../../src-main/app/compose.ts';
import { StartupError } from '../../src-main/core/startup-error.ts';
import type { TaskCreated } from '../../src-shared/video/schemas.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Whatever is found in the data folder, the real app starts, says what it did in one warning
 * line, and keeps everything it can.
 */
describe('start-up with odd things in the data folder', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  function folder(): string {
    const dir = makeTempDir();
    cleanups.push(() => removeTempDir(dir));
    return dir;
  }

  /** Starts the app on `dataDir`, returning it with the warning and error lines it logged. */
  async function boot(dataDir: string): Promise<{ t: TestApp; lines: string[] }> {
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      const text = String(chunk);
      if (/ (warn|error) \[/.test(text)) lines.push(text.trim());
      else if (!/ info \[/.test(text)) write(chunk);
      return true;
    });
    const t = await startTestApp({ dataDir, quiet: false });
    cleanups.push(() => t.close());
    vi.restoreAllMocks();
    return { t, lines };
  }

  async function capacityOk(t: TestApp): Promise<void> {
    expect((await t.request('/api/capacity')).status).toBe(200);
  }

  it('a folder inside media/ is left alone with one warning, and stray files still go', async () => {
    const dir = folder();
    const media = path.join(dir, 'media');
    fs.mkdirSync(path.join(media, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(media, 'photos', 'mine.jpg'), 'keep me');
    fs.writeFileSync(path.join(media, 'abc.video.part'), 'half a download');
    fs.writeFileSync(path.join(media, 'unreadable.video'), 'x', { mode: 0o000 });
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(fs.readFileSync(path.join(media, 'photos', 'mine.jpg'), 'utf8')).toBe('keep me');
    expect(fs.readdirSync(media)).toEqual(['photos']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path.join(media, 'photos'));
  });

  it('a symbolic link in media/ is removed itself; its target outside is untouched', async () => {
    const dir = folder();
    const outside = folder();
    fs.writeFileSync(path.join(outside, 'precious.txt'), 'mine');
    fs.mkdirSync(path.join(outside, 'sub'));
    fs.writeFileSync(path.join(outside, 'sub', 'a.txt'), 'a');
    const media = path.join(dir, 'media');
    fs.mkdirSync(media);
    fs.symlinkSync(path.join(outside, 'precious.txt'), path.join(media, 'x.video'));
    fs.symlinkSync(path.join(outside, 'sub'), path.join(media, 'y.video'));
    const { t } = await boot(dir);
    await capacityOk(t);
    expect(fs.readdirSync(media)).toEqual([]);
    expect(fs.readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('mine');
    expect(fs.readdirSync(path.join(outside, 'sub'))).toEqual(['a.txt']);
  });

  it('media/ as a link to another folder is moved aside, never cleaned through', async () => {
    const dir = folder();
    const outside = folder();
    fs.writeFileSync(path.join(outside, 'not-a-task.video'), 'mine');
    fs.symlinkSync(outside, path.join(dir, 'media'));
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(fs.readdirSync(outside)).toEqual(['not-a-task.video']);
    expect(fs.lstatSync(path.join(dir, 'media')).isDirectory()).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/was not a folder; moved it to .*media\.not-a-folder-/);
  });

  it('a finished video replaced by a link is not served after a restart', async () => {
    const dir = folder();
    const outside = folder();
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    const { t } = await boot(dir);
    const video = publishVideo(t.sim, { size: 1024 });
    const { task_id } = (await (await t.postShare(video.shareUrl)).json()) as TaskCreated;
    await t.waitFor(task_id, ['completed']);
    await t.app.stop();
    const file = path.join(dir, 'media', `${task_id}.video`);
    fs.rmSync(file);
    fs.symlinkSync(path.join(outside, 'secret.txt'), file);
    await t.restart();
    const res = await t.request(`/api/tasks/${task_id}/download`);
    expect(res.status).toBe(410);
    expect(await res.text()).not.toContain('secret');
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it.each([
    ['cut short', '{"codeNotifications": false, "lanShar'],
    ['not an object', '[1, 2]'],
    ['empty', ''],
  ])('settings.json %s: defaults, one warning, the original kept', async (_what, text) => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'settings.json'), text);
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('settings.json');
    const aside = fs.readdirSync(dir).filter((n) => n.startsWith('settings.json.invalid-'));
    expect(aside.map((n) => fs.readFileSync(path.join(dir, n), 'utf8'))).toEqual(
      text === '' ? [] : [text],
    );
    expect(t.app.settings.read().code_notifications).toBe(true);
  });

  it('settings.json with one wrong field keeps the others; a restart is then quiet', async () => {
    const dir = folder();
    const text = '\uFEFF{"codeNotifications": false, "httpPort": "eighty", "proxy": 7}';
    fs.writeFileSync(path.join(dir, 'settings.json'), text);
    const { t, lines } = await boot(dir);
    expect(t.app.settings.read().code_notifications).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/has invalid httpPort, proxy; using its valid fields/);
    await t.restart();
    expect(t.app.settings.read().code_notifications).toBe(false);
    const aside = fs.readdirSync(dir).filter((n) => n.startsWith('settings.json.invalid-'));
    expect(aside).toHaveLength(1);
  });

  it('settings.json that is a folder: defaults and one warning', async () => {
    const dir = folder();
    fs.mkdirSync(path.join(dir, 'settings.json'));
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(lines, lines.join('\n')).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot read .*settings\.json/);
  });

  it('a zero-byte database file is simply a new database', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'ephemera.db'), '');
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(lines).toEqual([]);
    expect(t.app.initialApiKey).not.toBeNull();
  });

  it('a database file that is not SQLite is moved aside and a fresh one started', async () => {
    const dir = folder();
    const garbage = Buffer.alloc(8192, 0x5a);
    fs.writeFileSync(path.join(dir, 'ephemera.db'), garbage);
    const { t, lines } = await boot(dir);
    await capacityOk(t);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ error \[app\] .*not a readable SQLite database.*moved it to/);
    const aside = fs.readdirSync(dir).filter((n) => n.startsWith('ephemera.db.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0] ?? '')).equals(garbage)).toBe(true);
    // The new database works: mail has its first-run key, and it is really SQLite.
    expect(t.app.initialApiKey).not.toBeNull();
    const check = new Database(path.join(dir, 'ephemera.db'), { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    check.close();
  });

  function startBare(dataDir: string): Promise<unknown> {
    return startApp(
      {
        host: '127.0.0.1',
        port: 0,
        smtpPort: 0,
        dataDir,
        domains: [],
        headless: true,
        proxy: null,
      },
      { quiet: true },
    );
  }

  it('a data folder that is a file is refused with a sentence naming it', async () => {
    const file = path.join(folder(), 'data');
    fs.writeFileSync(file, 'x');
    const start = startBare(file);
    await expect(start).rejects.toThrow(`Cannot use ${file} as the data folder: it is a file.`);
    await expect(start).rejects.toBeInstanceOf(StartupError);
  });

  it('a folder where the database should be is refused, and nothing is moved', async () => {
    const dir = folder();
    fs.mkdirSync(path.join(dir, 'ephemera.db'));
    const start = startBare(dir);
    await expect(start).rejects.toThrow(/^Cannot open the database .*ephemera\.db: EISDIR/);
    await expect(start).rejects.toBeInstanceOf(StartupError);
    expect(fs.readdirSync(dir).sort()).toEqual(['ephemera.db']);
  });
});
