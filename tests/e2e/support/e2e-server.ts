/**
 * The server the Playwright specs drive: the real app (HTTP, WebSocket, SMTP, SQLite) on
 * 127.0.0.1 with free ports, the platform simulator behind it, and a small control endpoint the
 * specs use to publish videos on the simulator. Run with `node --import tsx`; prints one line,
 * `E2E_READY {json}`, once everything listens, and stops on SIGTERM.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Platform } from '../../../src-shared/video/schemas.ts';
import { startMailTestApp } from '../../helpers/mail-app.ts';
import { publishVideo } from '../../helpers/sim-posts.ts';

const MEDIA = path.join(import.meta.dirname, '../../fixtures/media');
const VIDEO = fs.readFileSync(path.join(MEDIA, 'h264-360x640-2s.mp4'));
const COVER = fs.readFileSync(path.join(MEDIA, 'cover.jpg'));

interface PublishRequest {
  title?: string;
  author?: string;
  platform?: Platform;
  /** Serve the file slowly, so progress can be seen. */
  slow?: boolean;
  /** A deleted post: the task fails as unavailable. */
  missing?: boolean;
  /** The CDN answers 403: the task fails as blocked_by_platform (a proxy may help). */
  blocked?: boolean;
}

// A fixed LAN address and MX answer: the UI's LAN and MX views look the same on every machine,
// and no DNS query leaves it.
const m = await startMailTestApp({
  networkInterfaces: () => ({
    eth0: [
      {
        address: '192.168.1.20',
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: '02:00:00:00:00:01',
        internal: false,
        cidr: '192.168.1.20/24',
      },
    ],
  }),
  resolveMx: (domain) =>
    Promise.resolve(
      domain === 'mail.example.org' ? [{ exchange: 'mx.example.org', priority: 10 }] : [],
    ),
});
const { t } = m;

let missingCount = 0;
function publish(request: PublishRequest): { shareUrl: string; size: number } {
  if (request.missing) {
    const shareUrl = `https://v.douyin.com/gone${++missingCount}x/`;
    return { shareUrl, size: 0 };
  }
  const video = publishVideo(
    t.sim,
    request.slow
      ? { bytes: VIDEO, chunkBytes: 4096, chunkDelayMs: 250 }
      : request.blocked
        ? { bytes: VIDEO, status: 403 }
        : { bytes: VIDEO },
    {
      title: request.title ?? 'A quiet morning by the lake',
      author: request.author ?? 'lakeside.studio',
      width: 360,
      height: 640,
      duration: 2,
    },
    request.platform ?? 'douyin',
  );
  t.sim.file(video.coverUrl, { bytes: COVER, contentType: 'image/jpeg' });
  return { shareUrl: video.shareUrl, size: VIDEO.length };
}

const control = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    try {
      if (req.method === 'POST' && req.url === '/publish') {
        const answer = publish(JSON.parse(body || '{}') as PublishRequest);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
      if (req.method === 'POST' && req.url === '/unparsed') {
        // A mail kept unparsed, as the parse queue stores one (parsed-mail-writer.ts).
        const { email, text, reason } = JSON.parse(body) as Record<string, string>;
        const [mail] = t.app.mail.store.insert([
          {
            email: email ?? '',
            from: 'a@example.org',
            fromName: null,
            to: [email ?? ''],
            subject: null,
            text: text ?? '',
            html: null,
            receivedAt: Date.now(),
            code: null,
            link: null,
            size: (text ?? '').length,
            attachments: [],
            parseError: reason ?? null,
          },
        ]);
        if (mail) t.app.mail.hub.publish(mail);
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const ready = {
  url: t.app.httpUrl,
  control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
  smtpPort: m.smtpPort,
  apiKey: m.key,
};
process.stdout.write(`E2E_READY ${JSON.stringify(ready)}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  control.close();
  m.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The runner died without a signal: do not outlive it.
process.stdin.on('end', stop);
process.stdin.resume();
