import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Serves the web UI's entry page at `/`. The built React UI replaces the placeholder later. */
export function registerWebUi(app: FastifyInstance, dir: string): void {
  const indexPath = path.join(dir, 'index.html');
  app.get('/', (_request, reply) => {
    const html = fs.readFileSync(indexPath, 'utf8');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
