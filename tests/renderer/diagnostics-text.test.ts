import { describe, expect, it } from 'vitest';
import type { TaskDiagnostics } from '../../src-shared/video/schemas.ts';
import { diagnosticsText } from '../../src-renderer/features/video/diagnostics-text.ts';

const RECORD: TaskDiagnostics = {
  task_id: 'Sec7ReTt0kenValue_abcdEF',
  platform: 'tiktok',
  status: 'failed',
  app_version: '1.4.0',
  os: 'darwin arm64',
  error: 'TikTok asked for a check.',
  error_code: 'blocked_by_platform',
  retryable: true,
  started_at: 1_795_000_000,
  finished_at: 1_795_000_002,
  failure: {
    phase: 'resolve',
    step: 'read script#__UNIVERSAL_DATA_FOR_REHYDRATION__ (not found)',
    error_class: 'PlatformError',
    code: 'blocked_by_platform',
    status: null,
  },
  steps: [
    {
      kind: 'fetch',
      phase: 'resolve',
      at_ms: 120,
      method: 'GET',
      host: 'www.tiktok.com',
      path: '/@a/video/7301234567890123456',
      status: 200,
      content_type: 'text/html',
      bytes: 2048,
      cookies_set: 2,
      redirect_host: null,
    },
    {
      kind: 'json',
      phase: 'resolve',
      at_ms: 121,
      source: 'script#__UNIVERSAL_DATA_FOR_REHYDRATION__',
      found: false,
      shape: ['script#SIGI_STATE'],
    },
  ],
  steps_dropped: 3,
  proxy: null,
  server_time: 1_795_000_050,
};

describe('the text "Copy diagnostics" puts on the clipboard', () => {
  const text = diagnosticsText(RECORD);

  it('starts with a summary a person can read: version, system, platform, time, failure, steps', () => {
    expect(text.split('\n').slice(0, 9)).toEqual([
      'Ephemera 1.4.0 (darwin arm64) · TikTok · failed',
      'time: 2026-11-18T11:06:42.000Z',
      'error: blocked_by_platform: TikTok asked for a check.',
      'proxy: none (direct)',
      'failed in resolve at: read script#__UNIVERSAL_DATA_FOR_REHYDRATION__ (not found) (PlatformError blocked_by_platform)',
      'steps (2, 3 dropped):',
      '  1. [resolve +120 ms] GET www.tiktok.com/@a/video/7301234567890123456 → 200, text/html, 2048 B, 2 cookie(s) set',
      '  2. [resolve +121 ms] script#__UNIVERSAL_DATA_FOR_REHYDRATION__: not found',
      '       script#SIGI_STATE',
    ]);
  });

  it('ends with the record as JSON, without the task id (its access token) or server time', () => {
    const json = /```json\n([\s\S]*)\n```$/.exec(text)?.[1] ?? '';
    const { task_id: _id, server_time: _time, ...expected } = RECORD;
    expect(JSON.parse(json)).toEqual(expected);
    expect(text).not.toContain(RECORD.task_id);
  });

  it('names the proxy the run went through, and where it was set', () => {
    const proxied = diagnosticsText({
      ...RECORD,
      proxy: { host: '127.0.0.1:7890', from: 'environment' },
    });
    expect(text.split('\n')).toContain('proxy: none (direct)');
    expect(proxied.split('\n')[3]).toBe('proxy: 127.0.0.1:7890 (environment)');
  });
});
