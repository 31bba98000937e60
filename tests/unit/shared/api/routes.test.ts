import { describe, expect, it } from 'vitest';
import {
  fillPath,
  isApiPath,
  matchRoute,
  routeList,
  routes,
} from '../../../../src-shared/api/routes.ts';

describe('route table URL builders', () => {
  it('percent-encodes every path parameter', () => {
    expect(routes.taskGet.url({ token: 'a/b?c' })).toBe('/api/tasks/a%2Fb%3Fc');
    expect(routes.mailAttachment.url({ email: 'a+b@x.test', id: 12, n: 0 })).toBe(
      '/api/emails/a%2Bb%40x.test/12/attachments/0',
    );
    expect(routes.mailStream.url({ email: 'a@x.test' })).toBe('/ws/a%40x.test');
  });

  it('appends the query in its order, encoded, leaving out undefined values', () => {
    expect(
      routes.mailList.url({ email: 'a@x.test' }, { q: 'a&b c', after_id: 0, limit: 200 }),
    ).toBe('/api/emails/a%40x.test?q=a%26b%20c&after_id=0&limit=200');
    expect(routes.mailList.url({ email: 'e' }, { after_id: 3, wait: undefined })).toBe(
      '/api/emails/e?after_id=3',
    );
    expect(routes.settingsMx.url({}, { domain: 'x.test' })).toBe('/api/settings/mx?domain=x.test');
    expect(routes.info.url()).toBe('/api/info');
  });

  it('fills a pattern with placeholder text as given', () => {
    expect(fillPath(routes.taskGet.path, { token: '{task_id}' })).toBe('/api/tasks/{task_id}');
  });
});

describe('matchRoute', () => {
  it('finds the route a built URL goes to, by method and path', () => {
    for (const [name, entry] of routeList) {
      const params = Object.fromEntries(
        (entry.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), 'a@x.test']),
      );
      const url = (routes[name].url as (p: object, q: object) => string)(params, { after_id: 1 });
      expect(matchRoute(entry.method, url), name).toBe(name);
    }
  });

  it('prefers a fixed segment to a parameter, and knows nothing else', () => {
    expect(matchRoute('POST', '/api/emails/bulk')).toBe('mailBulk');
    expect(matchRoute('GET', '/api/emails/bulk')).toBe('mailList');
    expect(matchRoute('PUT', '/api/tasks')).toBeNull();
    expect(matchRoute('GET', '/api/whatever')).toBeNull();
    expect(matchRoute('GET', '/api/tasks/')).toBeNull();
  });
});

describe('route table paths', () => {
  it('are all under the API prefixes, each method and path once', () => {
    for (const [name, entry] of routeList) expect(isApiPath(entry.path), name).toBe(true);
    const keys = routeList.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('/ws')).toBe(true);
  });
});
