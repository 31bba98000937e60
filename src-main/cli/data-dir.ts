import path from 'node:path';
import { defaultDataDir } from '../app/config.ts';
import { storedDataDir } from '../settings/stored-settings.ts';

/**
 * The data folder a command acts on: --data-dir, else EPHEMERA_DATA_DIR, else the folder the
 * app uses (the default, or the one chosen in its settings).
 */
export function cliDataDir(given: string | undefined): string {
  const chosen = given ?? process.env.EPHEMERA_DATA_DIR;
  return chosen ? path.resolve(chosen) : storedDataDir(defaultDataDir());
}
