import fs from 'node:fs/promises';
import path from 'node:path';
import { isApiPath } from '../../src-shared/api/routes.ts';
import { contentSecurityPolicy } from '../../src-shared/web/csp.ts';
import { CONTENT_TYPES } from '../api/content-types.ts';
import { safeRelativePath } from '../api/static-path.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Where the phone's share sheet opens the installed app (the manifest's `share_target.action`,
 * with `?title=&text=&url=`): the app shell, which reads the query (docs/phone.md).
 */
export const SHARE_TARGET_PATH = '/share-target';

/**
 * Serves the built web UI (Vite output, `dist/renderer`): files with their content types, hashed
 * assets cached for good, the rest (sw.js, the manifest) revalidated on every use, and
 * index.html for the share target and any other GET that asks for HTML (client-side routes). Without a build, `/` explains how to make one. Unknown paths are not rate-limited.
 */
export function registerWebUi(app: FastifyInstance, dir: string): void {
  const root = path.resolve(dir);

  const sendIndex = async (reply: FastifyReply): Promise<FastifyReply> => {
    const html = await readOrNull(path.join(root, 'index.html'));
    return securityHeaders(reply)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html ?? placeholderPage(root));
  };

  app.get('/', { config: { rateLimit: false } }, (_request, reply) => sendIndex(reply));
  // Explicit, not left to the HTML fallback below: a share launch must open the app whatever
  // Accept header the launcher sends.
  app.get(SHARE_TARGET_PATH, { config: { rateLimit: false } }, (_request, reply) =>
    sendIndex(reply),
  );

  app.get<{ Params: { '*': string } }>(
    '/*',
    { config: { rateLimit: false } },
    async (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      // The APIs' paths keep their JSON 404, never the app shell.
      if (isApiPath(urlPath)) return notFound(reply);
      const relative = safeRelativePath(request.params['*']);
      if (relative) {
        const file = path.join(root, relative);
        const body = await readOrNull(file);
        if (body !== null) {
          const ext = path.extname(file).toLowerCase();
          const immutable = relative.startsWith(`assets${path.sep}`);
          if (ext === '.html') return sendIndex(reply);
          return securityHeaders(reply)
            .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
            .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
            .send(body);
        }
      }
      // A client-side route (a bookmarked screen): the app shell. Files that are missing 404.
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (wantsHtml && path.extname(urlPath) === '') return sendIndex(reply);
      return notFound(reply);
    },
  );
}

function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-security-policy', contentSecurityPolicy())
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ detail: 'Not Found' });
}

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? await fs.readFile(file) : null;
  } catch {
    return null;
  }
}

function placeholderPage(root: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ephemera</title>
<style>body{font:16px/1.55 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1c1c1e}
code{background:#f2f2f7;padding:.1rem .35rem;border-radius:5px}@media (prefers-color-scheme:dark){body{background:#141416;color:#eee}code{background:#2a2a2e}}</style>
</head><body>
<h1>Ephemera is running</h1>
<p>The web interface has not been built in this folder (<code>${escapeHtml(root)}</code>). Build it with
<code>npm run build:renderer</code> and reload this page; <code>npm start</code> does it for you.</p>
<p>The APIs work without it:</p>
<ul>
<li><code>POST /api/tasks</code> with <code>{"text": "&lt;share text&gt;"}</code> grabs a video; poll <code>GET /api/tasks/{task_id}</code>.</li>
<li><code>GET /api/capacity</code> shows the free slots.</li>
<li><code>GET /api/generate</code> (with <code>X-API-Key</code>) makes a temporary mailbox.</li>
</ul>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
