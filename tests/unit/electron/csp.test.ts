import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src-shared/web/csp.ts';
import { installSessionSecurity, withCsp } from '../../../src-main/electron/csp.ts';
import { FakeSession } from '../../helpers/fake-electron.ts';

import { isAppUrl } from '../../../src-main/electron/app-origin.ts';

const APP = 'app://ephemera';

describe('content security policy', () => {
  it('allows scripts only from the app, no eval, no plugins, no framing', () => {
    const policy = contentSecurityPolicy();
    const directives = new Map(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives.get('default-src')).toMatch(/^'(none|self)'$/);
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(directives.get('script-src')).not.toContain('unsafe-inline');
    expect(directives.get('connect-src')).toBe("'self'");
    // Remote sources only for images (a mail's "Load images"), nowhere else.
    expect(policy.replace(/img-src[^;]*/, '')).not.toMatch(/https?:/);
  });

  it('replaces whatever policy the server sent, in any letter case', () => {
    const headers = withCsp({
      'content-security-policy': ['default-src *'],
      'Content-Type': ['text/html'],
    });
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Security-Policy']).toEqual([contentSecurityPolicy()]);
  });

  it('is added to the app origin responses only', () => {
    const session = new FakeSession();
    installSessionSecurity(session.asSession(), isAppUrl);
    const answers: unknown[] = [];
    const respond = (url: string) =>
      session.headersListener?.(
        { url, responseHeaders: { 'Content-Type': ['text/html'] } } as never,
        (response) => answers.push(response),
      );
    respond(`${APP}/`);
    respond('https://cdn.example/x.js');
    expect(answers[0]).toMatchObject({
      responseHeaders: { 'Content-Security-Policy': [contentSecurityPolicy()] },
    });
    expect(answers[1]).toEqual({});
  });

  it('lets previews play from the local server, and nothing else more', () => {
    const policy = contentSecurityPolicy('http://127.0.0.1:*');
    expect(policy).toContain("media-src 'self' blob: http://127.0.0.1:*");
    expect(policy.replace(/(img|media)-src[^;]*/g, '')).not.toMatch(/https?:/);
  });

  it('grants the app clipboard, fullscreen and its loopback server, nothing else, nobody else', () => {
    const session = new FakeSession();
    installSessionSecurity(session.asSession(), isAppUrl);
    const ask = (permission: string, requestingUrl: string, isMainFrame = true) => {
      let granted: boolean | undefined;
      session.requestHandler?.({} as never, permission as never, (ok) => (granted = ok), {
        requestingUrl,
        isMainFrame,
      });
      return granted;
    };
    for (const permission of [
      'clipboard-read',
      'clipboard-sanitized-write',
      'fullscreen',
      'loopback-network',
      'local-network-access',
    ]) {
      expect(ask(permission, `${APP}/`)).toBe(true);
      expect(ask(permission, `${APP}/mail`)).toBe(true);
      // A mail's frame, the HTTP origin a local program could serve, another site.
      expect(ask(permission, `${APP}/`, false)).toBe(false);
      expect(ask(permission, 'http://127.0.0.1:8787/')).toBe(false);
      expect(ask(permission, 'https://evil.example/')).toBe(false);
      expect(ask(permission, 'evil://ephemera/')).toBe(false);
    }
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'pointerLock',
      'hid',
      'serial',
      'display-capture',
    ]) {
      expect(ask(permission, `${APP}/`)).toBe(false);
    }
    const check = (permission: string, origin: string, isMainFrame = true) =>
      session.checkHandler?.(null, permission as never, origin, { isMainFrame });
    expect(check('clipboard-read', APP)).toBe(true);
    expect(check('clipboard-sanitized-write', APP)).toBe(true);
    expect(check('clipboard-read', APP, false)).toBe(false);
    expect(check('clipboard-read', 'http://127.0.0.1:8787')).toBe(false);
    expect(check('media', APP)).toBe(false);
  });
});
