import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from '../core/private-files.ts';

/**
 * `server.json` in the data folder: where the server using that folder answers on this computer,
 * so `npm run cli -- sign-in` can ask it for a fresh sign-in link. It holds no secret (the CLI
 * proves itself with a key it writes to the database, which only the folder's owner can do).
 * Written once the listeners are up, removed at a clean stop; one left by a crash is found
 * stale by the CLI (nothing answers, or something else does).
 */
export const SERVER_FILE_NAME = 'server.json';

const ServerFileSchema = z.object({ pid: z.number().int(), url: z.url() });
export type ServerFile = z.infer<typeof ServerFileSchema>;

export function writeServerFile(dataDir: string, entry: ServerFile): void {
  writePrivateFile(path.join(dataDir, SERVER_FILE_NAME), `${JSON.stringify(entry)}\n`);
}

/** Removes the file if it is still this process's (a later server may have replaced it). */
export function removeServerFile(dataDir: string, pid: number): void {
  if (readServerFile(dataDir)?.pid !== pid) return;
  try {
    fs.rmSync(path.join(dataDir, SERVER_FILE_NAME), { force: true });
  } catch {
    // Left behind, it is found stale by the CLI, as after a crash.
  }
}

/** The file's entry; null when there is none or it cannot be read as one. */
export function readServerFile(dataDir: string): ServerFile | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, SERVER_FILE_NAME), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = ServerFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
