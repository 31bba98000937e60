import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src-main/app/logger.ts';
import { registerErrorHandler } from '../../src-main/http/error-handler.ts';
import { registerWebUi } from '../../src-main/http/web-ui.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

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
});
