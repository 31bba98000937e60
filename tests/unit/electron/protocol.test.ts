import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_URL, isAppUrl } from '../../../src-main/electron/app-origin.ts';
import { appProtocolHandler } from '../../../src-main/electron/protocol.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const root = makeTempDir('ephemera-protocol-');
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Ephemera</title>');
fs.mkdirSync(path.join(root, 'assets'));
fs.writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
fs.writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'secret');
afterAll(() => {
  removeTempDir(root);
  fs.rmSync(path.join(path.dirname(root), 'secret.txt'), { force: true });
});

const handler = appProtocolHandler(root, () => "default-src 'self'");
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app: protocol', () => {
  it('serves the built UI with its content type and the CSP', async () => {
    const res = await get('app://ephemera/assets/app-1a2b.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('answers the app shell for / and client-side routes, 404 for missing files', async () => {
    for (const url of [APP_URL, 'app://ephemera/mail', 'app://ephemera/settings?x=1']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<title>Ephemera</title>');
    }
    expect((await get('app://ephemera/assets/missing.js')).status).toBe(404);
    const head = await get('app://ephemera/', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('never leaves the folder, whatever the encoding', async () => {
    for (const url of [
      'app://ephemera/..%2Fsecret.txt',
      'app://ephemera/%2E%2E/secret.txt',
      'app://ephemera/assets/..%2F..%2Fsecret.txt',
      'app://ephemera/%00index.html',
      'app://ephemera/%E0%A4%A',
    ]) {
      const res = await get(url);
      expect(await res.text(), url).not.toBe('secret');
      expect([404], url).toContain(res.status);
    }
  });

  it('answers only its own host and only GET/HEAD', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://ephemera/', 'POST')).status).toBe(405);
  });

  it('says how to build when the UI is missing', async () => {
    const empty = makeTempDir('ephemera-protocol-empty-');
    try {
      const res = await appProtocolHandler(empty, () => '')(new Request(APP_URL));
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('npm run build:renderer');
    } finally {
      removeTempDir(empty);
    }
  });
});

describe('isAppUrl', () => {
  it('is the app scheme and host, not any URL whose origin Node calls "null"', () => {
    expect(isAppUrl('app://ephemera/')).toBe(true);
    expect(isAppUrl('app://ephemera/mail?x#y')).toBe(true);
    expect(isAppUrl('app://ephemera')).toBe(true);
    for (const url of [
      'evil://ephemera/',
      'app://ephemera.evil/',
      'app://other/',
      'app://user@ephemera/',
      'http://127.0.0.1:8787/',
      'http://ephemera/',
      'file:///app/index.html',
      'data:text/html,x',
      'about:srcdoc',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});
