import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one holding package.json), found by walking up from this module.
 * The same code runs from src-main/ under tsx and bundled from dist/main/, so a fixed relative
 * path would be right in only one of them.
 */
export function appRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the Ephemera folder (no package.json above the app code).');
}

/** Folder with the built web UI (`npm run build:renderer`: Vite's output). */
export function webUiDir(): string {
  return path.join(appRoot(), 'dist', 'renderer');
}

/** The version in package.json (what the installers carry too). */
export function appVersion(): string {
  const json = JSON.parse(fs.readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof json.version === 'string' ? json.version : '0.0.0';
}
