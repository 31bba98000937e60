import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../../../src-shared/api/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** An API path written out by hand: a string or template literal that starts with one. */
const API_LITERAL = /['"`]\/(api|ws|media)\//;
/**
 * Served as it is (vite.config.ts copies it to /sw.js), so it cannot import the table; its URL
 * patterns are checked against the table below instead.
 */
const SERVICE_WORKER = 'src-renderer/pwa/service-worker.js';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

describe('API paths come from the route table (src-shared/api/routes.ts)', () => {
  it('has no /api/, /ws/ or /media/ literal in src-renderer or src-main/http', () => {
    const found: string[] = [];
    for (const file of [...sourceFiles('src-renderer'), ...sourceFiles('src-main/http')]) {
      if (file === SERVICE_WORKER) continue;
      fs.readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (API_LITERAL.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('routes every table path past the service worker (its urlPatterns)', () => {
    const source = fs.readFileSync(path.join(ROOT, SERVICE_WORKER), 'utf8');
    const prefixes = [...source.matchAll(/urlPattern: '([^']+)\*'/g)].map((m) => m[1] ?? '');
    expect(prefixes.length).toBeGreaterThan(0);
    for (const [, entry] of routeList) {
      expect(
        prefixes.some((prefix) => entry.path.startsWith(prefix)),
        entry.path,
      ).toBe(true);
    }
  });
});
