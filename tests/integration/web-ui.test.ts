import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src-main/core/logger.ts';
import { registerErrorHandler } from '../../src-main/http/error-handler.ts';
import { registerWebUi, SHARE_TARGET_PATH } from '../../src-main/http/web-ui.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const PUBLIC = path.join(import.meta.dirname, '../../src-renderer/public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('web UI serving', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = makeTempDir();
    app = Fastify();
    registerErrorHandler(app, createLogger('test', true));
    registerWebUi(app, dir);
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    removeTempDir(dir);
  });

  function build(): void {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), 'body{}');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  }

  it('explains how to build when there is no build', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('npm run build:renderer');
  });

  it('serves the build with content types, caching and a strict CSP', async () => {
    build();
    const index = await app.inject({ url: '/' });
    expect(index.body).toContain('id="root"');
    expect(index.headers['cache-control']).toBe('no-cache');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const js = await app.inject({ url: '/assets/index-abc.js' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    const css = await app.inject({ url: '/assets/index-abc.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const svg = await app.inject({ url: '/favicon.svg' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('falls back to index.html for page routes, 404 for files and API paths', async () => {
    build();
    const route = await app.inject({ url: '/mail/inbox', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('id="root"');
    const missing = await app.inject({ url: '/assets/nope.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    const api = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not Found' });
  });

  it('never leaves the UI folder', async () => {
    build();
    fs.writeFileSync(path.join(dir, '..', `secret-${path.basename(dir)}.txt`), 'secret');
    for (const url of [
      `/..%2fsecret-${path.basename(dir)}.txt`,
      `/assets/..%2f..%2fsecret-${path.basename(dir)}.txt`,
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await app.inject({ url });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('root:');
    }
    fs.rmSync(path.join(dir, '..', `secret-${path.basename(dir)}.txt`));
  });

  it('serves the install manifest as application/manifest+json with a GET share target', async () => {
    build();
    fs.copyFileSync(
      path.join(PUBLIC, 'manifest.webmanifest'),
      path.join(dir, 'manifest.webmanifest'),
    );
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    const manifest = res.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: 'Ephemera',
      short_name: 'Ephemera',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      share_target: {
        action: SHARE_TARGET_PATH,
        method: 'GET',
        params: { title: 'title', text: 'text', url: 'url' },
      },
    });
    // The light theme's --bg token (styles/tokens.css), as index.html's light theme-color.
    const tokens = fs.readFileSync(path.join(PUBLIC, '../styles/tokens.css'), 'utf8');
    const lightBg = /--bg:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1];
    expect(manifest.theme_color).toBe(lightBg);
    expect(manifest.background_color).toBe(lightBg);
    const icons = manifest.icons as ManifestIcon[];
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((i) => i.sizes === size && i.purpose !== 'maskable')).toBe(true);
    }
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const png = fs.readFileSync(path.join(PUBLIC, icon.src));
      // PNG IHDR: width and height as big-endian words at bytes 16 and 20.
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
      expect(icon.type).toBe('image/png');
    }
  });

  it('revalidates sw.js on every use and lets it and the manifest load under the CSP', async () => {
    build();
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const index = await app.inject({ url: '/' });
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('answers the share target with the app shell, whatever the Accept header', async () => {
    build();
    const res = await app.inject({
      url: `${SHARE_TARGET_PATH}?text=${encodeURIComponent('看看 https://v.douyin.com/abc/')}`,
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  });
});
