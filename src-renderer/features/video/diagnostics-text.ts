import type { DiagnosticsStep, TaskDiagnostics } from '../../../src-shared/video/schemas.ts';
import { PLATFORM_NAMES } from '../../../src-shared/video/platform-names.ts';

/**
 * The block "Copy diagnostics" puts on the clipboard, for a bug report: a readable summary
 * (version, platform, time, what failed, one line per step), then the record as JSON for
 * whoever fixes it. The task id is left out: it is the task's access token, and a report is
 * public. The record itself is already redacted by the server (no cookies, tokens, queries or
 * page values).
 */
export function diagnosticsText(record: TaskDiagnostics): string {
  const { task_id: _token, server_time: _now, ...rest } = record;
  const failure = record.failure;
  const lines = [
    `Ephemera ${record.app_version} (${record.os}) · ${PLATFORM_NAMES[record.platform]} · ${record.status}`,
    `time: ${new Date(record.finished_at * 1000).toISOString()}`,
    record.error_code ? `error: ${record.error_code}: ${record.error ?? ''}` : null,
    record.proxy
      ? `proxy: ${record.proxy.host} (${record.proxy.from === 'settings' ? 'Settings' : 'environment'})`
      : 'proxy: none (direct)',
    failure
      ? `failed in ${failure.phase} at: ${failure.step ?? '(before any request)'} (${[
          failure.error_class,
          failure.code,
          failure.status === null ? null : `HTTP ${failure.status}`,
        ]
          .filter(Boolean)
          .join(' ')})`
      : null,
    `steps (${record.steps.length}${record.steps_dropped ? `, ${record.steps_dropped} dropped` : ''}):`,
    ...record.steps.map(
      (step, i) => `  ${i + 1}. [${step.phase} +${step.at_ms} ms] ${summary(step)}`,
    ),
    '',
    '```json',
    JSON.stringify(rest, null, 2),
    '```',
  ];
  return lines.filter((line) => line !== null).join('\n');
}

function summary(step: DiagnosticsStep): string {
  switch (step.kind) {
    case 'fetch':
      return [
        `${step.method} ${step.host}${step.path} → ${step.status}`,
        step.content_type,
        step.bytes === null ? null : `${step.bytes} B`,
        step.redirect_host ? `→ ${step.redirect_host}` : null,
        step.cookies_set ? `${step.cookies_set} cookie(s) set` : null,
      ]
        .filter(Boolean)
        .join(', ');
    case 'redirect':
      return `redirect to ${step.host}${step.path}${step.allowed ? '' : ' (refused)'}`;
    case 'json':
      return `${step.source}: ${step.found ? 'found' : 'not found'}${step.shape.length ? `\n${step.shape.map((l) => `       ${l}`).join('\n')}` : ''}`;
    case 'error':
      return [step.error_class, step.code, step.status ? `HTTP ${step.status}` : null, step.host]
        .filter(Boolean)
        .join(' ');
  }
}
