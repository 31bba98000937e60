import { parseArgs } from 'node:util';
import { PLATFORM_NAMES } from '../../src-shared/video/platform-names.ts';
import { ConfigError } from '../app/config.ts';
import { classifyLink } from '../video/link-classifier.ts';
import { createOutboundTransports, GuardProxy } from '../video/outbound/outbound-setup.ts';
import { OutboundClient } from '../video/outbound/outbound-client.ts';
import { createDefaultRegistry } from '../video/platforms/default-registry.ts';
import type { ResolvedPost } from '../video/platforms/platform.ts';
import { extractLink } from '../video/share-link.ts';
import { describeFailure } from '../video/task-failure.ts';
import type { CliCommand } from './command.ts';

const PROBE_TIMEOUT_MS = 60_000;

/**
 * `probe "<share text>"`: resolves a link the way a task would and prints what the platform
 * said, without downloading. The first thing to run when a platform misbehaves.
 */
export const probeCommand: CliCommand = {
  usage: ['probe "<share text>" [--proxy URL]'],
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      options: { proxy: { type: 'string' } },
      allowPositionals: true,
    });
    const text = positionals.join(' ');
    const link = extractLink(text);
    if (!link.ok) throw new ConfigError(link.message);
    const classified = classifyLink(link.url);
    if (!classified.ok) throw new ConfigError(classified.message);
    const { platform, url } = classified;
    const extractor = createDefaultRegistry().get(platform);
    if (!extractor) throw new ConfigError(`No extractor for ${PLATFORM_NAMES[platform]}.`);
    // The same transports as the app: pages as a browser, media through undici.
    const guard = new GuardProxy();
    const transports = createOutboundTransports({
      proxy: values.proxy ?? process.env.EPHEMERA_PROXY ?? null,
      guard,
    });
    const http = new OutboundClient(transports.dispatcher, transports.pages).scoped({
      allowHost: (host) => extractor.ownsHost(host),
      userAgent: extractor.userAgent,
    });
    try {
      const post = await extractor.resolve(url, {
        http,
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      process.stdout.write(formatPost(PLATFORM_NAMES[platform], post));
    } catch (err) {
      process.stderr.write(`${describeFailure(err, platform).message}\n`);
      process.exitCode = 1;
    } finally {
      await transports.close();
      await guard.close();
    }
  },
};

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
