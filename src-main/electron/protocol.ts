import fs from 'node:fs/promises';
import path from 'node:path';
import { safeRelativePath } from '../api/static-path.ts';
import { CONTENT_TYPES } from '../api/content-types.ts';
import { APP_HOST } from './app-origin.ts';

type ResponseBody = ConstructorParameters<typeof Response>[0];

/**
 * The `app:` protocol's handler (protocol.handle): the built web UI (dist/renderer) from disk,
 * index.html for client-side routes, every answer with the window's CSP. Only GET and HEAD;
 * paths cannot leave the folder. It needs no running service, so the window paints while the
 * services start.
 */
export function appProtocolHandler(
  rootDir: string,
  csp: () => string,
): (request: Request) => Promise<Response> {
  const root = path.resolve(rootDir);
  const answer = (status: number, body: ResponseBody, type: string): Response =>
    new Response(body, {
      status,
      headers: {
        'content-type': type,
        'content-security-policy': csp(),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  const notFound = (): Response => answer(404, 'Not found', 'text/plain; charset=utf-8');

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.host !== APP_HOST) return notFound();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, 'Method not allowed', 'text/plain; charset=utf-8');
    }
    const relative = safeRelativePath(url.pathname);
    if (relative === null) return notFound();
    const file = relative === '' ? null : await readFile(path.join(root, relative));
    if (file !== null) {
      const ext = path.extname(relative).toLowerCase();
      const body = request.method === 'HEAD' ? null : new Uint8Array(file);
      return answer(200, body, CONTENT_TYPES[ext] ?? 'application/octet-stream');
    }
    // A client-side route: the app shell. A missing file (it has an extension) is a 404.
    if (relative !== '' && path.extname(relative) !== '') return notFound();
    const index = await readFile(path.join(root, 'index.html'));
    if (index === null) {
      return answer(
        500,
        'The desktop UI is not built (npm run build:renderer).',
        'text/plain; charset=utf-8',
      );
    }
    return answer(
      200,
      request.method === 'HEAD' ? null : new Uint8Array(index),
      CONTENT_TYPES['.html'] ?? 'text/html',
    );
  };
}

async function readFile(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? await fs.readFile(file) : null;
  } catch {
    return null;
  }
}
