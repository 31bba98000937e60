import { describe, expect, it } from 'vitest';
import {
  DiagnosticsRecorder,
  MAX_SHAPE_LINES,
  MAX_STEPS,
} from '../../../../src-main/video/diagnostics/diagnostics-recorder.ts';
import {
  currentDiagnostics,
  withDiagnostics,
} from '../../../../src-main/video/diagnostics/diagnostics-scope.ts';
import {
  jsonShape,
  pageMarkers,
  safeContentType,
  safePath,
  safeToken,
} from '../../../../src-main/video/diagnostics/redact.ts';
import { OutboundRefusedError } from '../../../../src-main/video/outbound/outbound-client.ts';

function answer(url: string, status = 200, headers: Record<string, string | string[]> = {}) {
  return { url, statusCode: status, headers };
}

describe('redaction rules', () => {
  it.each([
    ['7301234567890123456', '7301234567890123456'], // a post id
    ['i5xNsWVx', 'i5xNsWVx'], // a short link code
    ['tos-cn-ve-15', 'tos-cn-ve-15'],
    ['video_(id)/page', 'video_(id)/page'],
    ['a9f3c1d2e4b5a6c7', '<redacted:16>'], // 16 characters, letters and digits: a token
    ['x'.repeat(41), '<redacted:41>'],
    ['a b', '<redacted:3>'],
    ['%E4%BD%A0', '<redacted:9>'],
    ['jsessionid=abc', '<redacted:14>'],
  ])('%s → %s', (token, shown) => {
    expect(safeToken(token)).toBe(shown);
  });

  it('keeps a path segment by segment and never its query or credentials', () => {
    const url = new URL('https://user:pw@Host.example/a/B/f3a9c1d2e4b5a6c7d8e9/?sig=1#frag');
    expect(safePath(url)).toBe('/a/B/<redacted:20>/');
  });

  it('keeps a media type without parameters, and nothing that is not one', () => {
    expect(safeContentType('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(safeContentType(['application/json'])).toBe('application/json');
    expect(safeContentType('secret value')).toBeNull();
    expect(safeContentType(undefined)).toBeNull();
  });

  it('bounds a shape by depth, keys and lines', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { k: deep };
    const lines = jsonShape(deep, { maxDepth: 3, maxLines: 100, maxKeys: 40 });
    expect(lines).toEqual([
      '$: object(1)',
      '$.k: object(1)',
      '$.k.k: object(1)',
      '$.k.k.k: object(1)',
    ]);

    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, i]));
    const cut = jsonShape(wide, { maxDepth: 8, maxLines: 100, maxKeys: 3 });
    expect(cut).toEqual([
      '$: object(50)',
      '$.key0: number',
      '$.key1: number',
      '$.key2: number',
      '$: … 47 more keys',
    ]);

    const long = jsonShape(wide, { maxDepth: 8, maxLines: 5, maxKeys: 40 });
    expect(long).toHaveLength(6);
    expect(long.at(-1)).toBe('… shape cut here');
  });

  it('names the JSON blocks of a page, bounded, or says there are none', () => {
    expect(pageMarkers('<html><title>验证码中间页</title></html>')).toEqual([
      '(no JSON markers on the page)',
    ]);
    const many = Array.from({ length: 30 }, (_, i) => `<script id="s${i}"></script>`).join('');
    expect(pageMarkers(many)).toHaveLength(20);
  });
});

describe('DiagnosticsRecorder', () => {
  it('keeps the first 10 and the latest steps past MAX_STEPS, and counts the dropped', () => {
    const recorder = new DiagnosticsRecorder(() => 0);
    for (let i = 0; i < MAX_STEPS + 15; i++) recorder.fetched('GET', answer(`https://h.test/${i}`));
    const log = recorder.finish(null);
    expect(log.steps).toHaveLength(MAX_STEPS);
    expect(log.steps_dropped).toBe(15);
    const paths = log.steps.map((s) => (s.kind === 'fetch' ? s.path : ''));
    expect(paths.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `/${i}`));
    expect(paths[10]).toBe('/25');
    expect(paths.at(-1)).toBe(`/${MAX_STEPS + 14}`);
    expect(log.failure).toBeNull();
  });

  it('stops adding shape lines once the record holds MAX_SHAPE_LINES', () => {
    const recorder = new DiagnosticsRecorder(() => 0);
    const big = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, [1, 2]]));
    for (let i = 0; i < 10; i++) recorder.json(`window.S${i}`, big);
    const total = recorder
      .finish(null)
      .steps.reduce((n, s) => n + (s.kind === 'json' ? s.shape.length : 0), 0);
    expect(total).toBeLessThanOrEqual(MAX_SHAPE_LINES + 10);
    const last = recorder.finish(null).steps.at(-1);
    expect(last?.kind === 'json' && last.shape).toEqual(['… shape budget of this record used up']);
  });

  it('stamps steps with the phase and the time since the run began', () => {
    let now = 1_000_000;
    const recorder = new DiagnosticsRecorder(() => now);
    now += 250;
    recorder.fetched('GET', answer('https://a.test/x', 302, { location: '/y?token=1' }));
    recorder.enter('download');
    now += 1500;
    recorder.error(new OutboundRefusedError('host_not_allowed', 'Refused https://evil.test/?a=1'));
    const log = recorder.finish(new Error('x'));
    expect(log.steps[0]).toMatchObject({ phase: 'resolve', at_ms: 250, redirect_host: 'a.test' });
    expect(log.steps[1]).toMatchObject({
      phase: 'download',
      at_ms: 1750,
      error_class: 'OutboundRefusedError',
      code: 'host_not_allowed',
    });
    expect(log.failure).toMatchObject({
      phase: 'download',
      step: 'OutboundRefusedError host_not_allowed',
    });
    expect(log.started_at).toBe(1000);
    expect(log.finished_at).toBe(1001);
  });

  it('is current only inside withDiagnostics, across awaits', async () => {
    const recorder = new DiagnosticsRecorder(() => 0);
    expect(currentDiagnostics()).toBeUndefined();
    await withDiagnostics(recorder, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      expect(currentDiagnostics()).toBe(recorder);
    });
    expect(currentDiagnostics()).toBeUndefined();
    expect(await withDiagnostics(undefined, () => Promise.resolve(currentDiagnostics()))).toBe(
      undefined,
    );
  });
});
