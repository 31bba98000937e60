import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_EXTERNALS, mainBuild } from '../../scripts/build-options.mjs';
import { spawnApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const require = createRequire(import.meta.url);

/**
 * The installers ship the main bundles with no node_modules but better-sqlite3 and impit
 * (electron-builder.yml, `files`): the bundles must carry every other dependency. Built here into a folder
 * outside the project, with only better-sqlite3 in reach, and started headless.
 */
describe('main bundles', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));

  it('import only Node built-ins, electron, better-sqlite3 and impit, and carry no source maps', async () => {
    dir = makeTempDir();
    await build({ ...mainBuild, outdir: path.join(dir, 'dist', 'main'), logLevel: 'silent' });
    const out = path.join(dir, 'dist', 'main');
    const files = fs.readdirSync(out).filter((f) => f.endsWith('.mjs'));
    expect(files).toEqual(expect.arrayContaining(['start.mjs', 'cli.mjs', 'electron.mjs']));
    for (const file of files) {
      const code = fs.readFileSync(path.join(dir, 'dist', 'main', file), 'utf8');
      // Static imports at the start of a line or after a statement: the bundles are minified
      // (no whitespace), so most of them follow a `;` on one long line.
      const bare = [
        ...code.matchAll(
          /(?:^|[;}])import\s*(?:[\w\s{},*$]+?\s*from\s*)?["']([^"'./][^"']*)["']/gm,
        ),
      ]
        .map((m) => m[1]!)
        .filter((name) => !name.startsWith('node:'));
      expect(
        bare.every((name) => MAIN_EXTERNALS.includes(name)),
        `${file}: ${bare.join(', ')}`,
      ).toBe(true);
      expect(code).not.toContain('sourceMappingURL');
    }
    expect(fs.readdirSync(path.join(dir, 'dist', 'main')).some((f) => f.endsWith('.map'))).toBe(
      false,
    );
  });

  it('start headless with nothing but better-sqlite3 and impit beside them', async () => {
    dir = makeTempDir();
    await build({ ...mainBuild, outdir: path.join(dir, 'dist', 'main'), logLevel: 'silent' });
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"ephemera","version":"0.0.0"}');
    fs.mkdirSync(path.join(dir, 'node_modules'));
    const sqlite = path.dirname(require.resolve('better-sqlite3/package.json'));
    fs.symlinkSync(sqlite, path.join(dir, 'node_modules', 'better-sqlite3'), 'junction');
    // impit and the platform package npm installed here (impit-<os>-<arch>…).
    const modules = path.dirname(path.dirname(require.resolve('impit/package.json')));
    for (const name of fs
      .readdirSync(modules)
      .filter((n) => n === 'impit' || n.startsWith('impit-'))) {
      fs.symlinkSync(path.join(modules, name), path.join(dir, 'node_modules', name), 'junction');
    }

    const receiver = await startReceiver();
    const app = await spawnApp(
      [
        path.join(dir, 'dist', 'main', 'start.mjs'),
        '--headless',
        '--port',
        '0',
        '--smtp-port',
        '0',
        '--data-dir',
        path.join(dir, 'data'),
      ],
      { command: process.execPath, ready: /^SMTP listening on/ },
    );
    try {
      const url = /HTTP listening on (\S+)/.exec(app.stdout.join('\n'))?.[1];
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok' });
      // undici loads on first use (core/undici.ts), from its own chunk: a webhook's test POST
      // to a receiver here goes through it.
      const key = /API key \(shown once\): (\S+)/.exec(app.stdout.join('\n'))?.[1] ?? '';
      const api = (p: string, body: unknown): Promise<Response> =>
        fetch(`${url}${p}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const hook = (await (
        await api('/api/webhooks', { url: `http://127.0.0.1:${receiver.port}/hook` })
      ).json()) as { id: number };
      const tried = await api(`/api/webhooks/${hook.id}/test`, {});
      expect(tried.status).toBe(200);
      expect(await tried.json()).toMatchObject({ status_code: 204, error: null });
      expect(receiver.posts).toBe(1);
    } finally {
      app.child.kill('SIGTERM');
      await receiver.close();
    }
    expect(await app.exited).toBe(0);
  });
});

/** A webhook endpoint on loopback that answers 204 and counts the POSTs it got. */
async function startReceiver(): Promise<{ port: number; posts: number; close(): Promise<void> }> {
  const state = { posts: 0 };
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') state.posts++;
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get posts() {
      return state.posts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
