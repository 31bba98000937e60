import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  installSessionSecurity,
  withCsp,
} from '../../../src-main/electron/csp.ts';
import { FakeSession } from '../../helpers/fake-electron.ts';

const APP = 'http://127.0.0.1:8787';
const isAppUrl = (url: string) => url.startsWith(`${APP}/`) || url === APP;

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

  it('grants no permission but clipboard writes by the app itself', () => {
    const session = new FakeSession();
    installSessionSecurity(session.asSession(), isAppUrl);
    const ask = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      session.requestHandler?.({} as never, permission as never, (ok) => (granted = ok), {
        requestingUrl,
        isMainFrame: true,
      });
      return granted;
    };
    expect(ask('clipboard-sanitized-write', `${APP}/`)).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
    ]) {
      expect(ask(permission, `${APP}/`)).toBe(false);
    }
    expect(session.checkHandler?.(null, 'clipboard-sanitized-write', APP, {} as never)).toBe(true);
    expect(session.checkHandler?.(null, 'media', APP, {} as never)).toBe(false);
  });
});
