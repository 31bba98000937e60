import { parseArgs } from 'node:util';
import { PLATFORM_NAMES } from '../../src-shared/video/platform-names.ts';
import type { TaskDiagnostics } from '../../src-shared/video/schemas.ts';
import { aboutThisApp } from '../app/about-app.ts';
import { composeOutbound } from '../app/compose-video.ts';
import { ConfigError } from '../app/config.ts';
import { DiagnosticsRecorder, stepLabel } from '../video/diagnostics/diagnostics-recorder.ts';
import { withDiagnostics } from '../video/diagnostics/diagnostics-scope.ts';
import { diagnosticsReport, type DiagnosticsAbout } from '../video/diagnostics/diagnostics-view.ts';
import { classifyLink } from '../video/link-classifier.ts';
import type { OutboundClient } from '../video/outbound/outbound-client.ts';
import { createDefaultRegistry } from '../video/platforms/default-registry.ts';
import type { ResolvedPost } from '../video/platforms/platform.ts';
import type { PlatformRegistry } from '../video/platforms/registry.ts';
import { extractLink } from '../video/share-link.ts';
import { describeFailure } from '../video/task-failure.ts';
import type { CliCommand } from './command.ts';

const PROBE_TIMEOUT_MS = 60_000;

/** What the probe runs with; tests pass a simulator's transport and their own streams. */
export interface ProbeDeps {
  registry?: PlatformRegistry;
  /** The outbound client (default: direct, or the proxy of --proxy or EPHEMERA_PROXY). */
  outbound?: (proxy: string | undefined) => ProbeOutbound;
  about?: DiagnosticsAbout;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
}

/**
 * `probe "<share text>"`: resolves a link the way a task would and prints what the platform
 * said, without downloading. The first thing to run when a platform misbehaves: on failure it
 * prints the sentence (stderr) and the redacted diagnostics record as JSON (stdout), the same
 * record GET /api/tasks/{token}/diagnostics serves, to attach to a bug report; on success the
 * post's facts and one line per step.
 */
export function createProbeCommand(deps: ProbeDeps = {}): CliCommand {
  const stdout = deps.stdout ?? ((text: string) => process.stdout.write(text));
  const stderr = deps.stderr ?? ((text: string) => process.stderr.write(text));
  return {
    usage: ['probe "<share text>" [--proxy URL]'],
    async run(args) {
      const { values, positionals } = parseArgs({
        args,
        options: { proxy: { type: 'string' } },
        allowPositionals: true,
      });
      const link = extractLink(positionals.join(' '));
      if (!link.ok) throw new ConfigError(link.message);
      const classified = classifyLink(link.url);
      if (!classified.ok) throw new ConfigError(classified.message);
      const { platform, url } = classified;
      const extractor = (deps.registry ?? createDefaultRegistry()).get(platform);
      if (!extractor) throw new ConfigError(`No extractor for ${PLATFORM_NAMES[platform]}.`);
      const proxy = values.proxy ?? process.env.EPHEMERA_PROXY;
      const outbound = (deps.outbound ?? defaultOutbound)(proxy);
      const http = outbound.client.scoped({
        allowHost: (host) => extractor.ownsHost(host),
        userAgent: extractor.userAgent,
      });
      const recorder = new DiagnosticsRecorder(() => Date.now());
      const report = (failure: ReturnType<typeof describeFailure> | null, err: unknown) =>
        diagnosticsReport(
          {
            taskId: 'probe',
            platform,
            status: failure ? 'failed' : 'completed',
            failure,
            log: recorder.finish(err),
            createdAt: Math.floor(Date.now() / 1000),
          },
          deps.about ?? aboutThisApp(),
          Math.floor(Date.now() / 1000),
        );
      try {
        const post = await withDiagnostics(recorder, () =>
          extractor.resolve(url, { http, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
        );
        stdout(formatPost(PLATFORM_NAMES[platform], post));
        stdout(formatSteps(report(null, null)));
      } catch (err) {
        const failure = describeFailure(err, platform);
        stderr(`${failure.message}\n`);
        stdout(`${JSON.stringify(report(failure, err), null, 2)}\n`);
        process.exitCode = 1;
      } finally {
        await outbound.close();
      }
    },
  };
}

export const probeCommand = createProbeCommand();

/** An outbound client for one probe, and how to release its connections. */
export interface ProbeOutbound {
  client: OutboundClient;
  close(): Promise<void>;
}

/** The app's own outbound side (app/compose-video.ts), direct or through `proxy`. */
function defaultOutbound(proxy: string | undefined): ProbeOutbound {
  return composeOutbound({}, proxy ?? null);
}

/** One aligned "name  value" line per fact. */
export function formatPost(platform: string, post: ResolvedPost): string {
  const hosts = [...new Set(post.media.map((m) => new URL(m.url).host))];
  const rows: [string, string][] = [
    ['platform', platform],
    ['id', post.id],
    ['kind', post.kind],
    ['title', post.title ?? '(none)'],
    ['author', post.author ?? '(none)'],
    ['duration', post.duration === null ? '(unknown)' : `${post.duration} s`],
    [
      'resolution',
      post.width !== null && post.height !== null ? `${post.width}x${post.height}` : '(unknown)',
    ],
    [
      'media host',
      hosts.length > 0 ? `${hosts.join(', ')} (${post.media.length} URL(s))` : '(none)',
    ],
    ['cover', post.cover ? new URL(post.cover.url).host : '(none)'],
  ];
  return rows.map(([k, v]) => `${k.padEnd(11)}${v}\n`).join('');
}

/** The short record of a probe that worked: the version, then one line per step. */
export function formatSteps(record: TaskDiagnostics): string {
  const head = `steps      ${record.steps.length} (Ephemera ${record.app_version}, ${record.os})\n`;
  return head + record.steps.map((step) => `  ${stepLabel(step) ?? ''}\n`).join('');
}
