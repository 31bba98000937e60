import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  SettingsSchema,
  type Settings,
} from '../../src-shared/settings/schemas.ts';
import type { Logger } from './logger.ts';

export const SETTINGS_FILE_NAME = 'settings.json';

/** Where the settings of one data folder are read and written. */
export interface SettingsFile {
  read(): Settings;
  write(settings: Settings): void;
}

/**
 * `<dataDir>/settings.json`. A missing file means the defaults; an unreadable or invalid one
 * too, with a warning (the next change rewrites it). Writes go to a temporary file first and are
 * renamed over the old one, so a crash never leaves half a file.
 */
export function settingsFile(dataDir: string, logger?: Logger): SettingsFile {
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  return {
    read() {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
          logger?.warn(`cannot read ${file}, using defaults: ${(err as Error).message}`);
        }
        return { ...DEFAULT_SETTINGS };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        logger?.warn(`${file} is not JSON; using defaults`);
        return { ...DEFAULT_SETTINGS };
      }
      const parsed = SettingsSchema.safeParse(json);
      if (!parsed.success) {
        logger?.warn(`${file} has invalid settings; using defaults`);
        return { ...DEFAULT_SETTINGS };
      }
      return parsed.data;
    },
    write(settings) {
      fs.mkdirSync(dataDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`, 'utf8');
      fs.renameSync(temp, file);
    },
  };
}
