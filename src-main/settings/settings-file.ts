import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  SettingsSchema,
  type Settings,
} from '../../src-shared/settings/schemas.ts';
import type { Logger } from '../core/logger.ts';
import { writePrivateFile } from '../core/private-files.ts';

export const SETTINGS_FILE_NAME = 'settings.json';

/** Where the settings of one data folder are read and written. */
export interface SettingsFile {
  read(): Settings;
  write(settings: Settings): void;
}

/**
 * `<dataDir>/settings.json`. A missing file means the defaults. A file that is not all valid
 * (cut short, hand-edited, written by another version) keeps every field that still reads and
 * defaults the rest; the original is copied to `settings.json.invalid-<time>` first, so the
 * next write loses nothing. An unreadable one means the defaults too. Each case logs one
 * warning. Writes go to a temporary file (0600) first and are renamed over the old one, so a
 * crash never leaves half a file.
 */
export function settingsFile(dataDir: string, logger?: Logger): SettingsFile {
  const file = path.join(dataDir, SETTINGS_FILE_NAME);
  // The file is read more than once per start; the same trouble is told once.
  let told = '';
  const warn = (message: string): void => {
    if (message !== told) logger?.warn(message);
    told = message;
  };
  return {
    read() {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
          warn(`cannot read ${file}, using defaults: ${(err as Error).message}`);
        }
        return { ...DEFAULT_SETTINGS };
      }
      const { settings, problem } = salvage(text);
      if (problem === null) return settings;
      // Kept aside, then rewritten clean: the next start reads it without a word.
      const aside = text.trim() === '' ? null : keepAside(file, text);
      try {
        if (aside !== null || text.trim() === '') write(settings);
      } catch {
        // A read-only folder: the warning below still tells what happened.
      }
      warn(
        `${file} ${problem}; using ${problem.startsWith('has invalid') ? 'its valid fields and defaults for the rest' : 'defaults'}${aside ? ` (original kept as ${aside})` : ''}`,
      );
      return settings;
    },
    write,
  };

  function write(settings: Settings): void {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writePrivateFile(temp, `${JSON.stringify(settings, null, 2)}\n`);
    fs.renameSync(temp, file);
  }
}

/** The settings in `text`, field by field; `problem` says what was wrong, if anything. */
function salvage(text: string): { settings: Settings; problem: string | null } {
  if (text.trim() === '') return { settings: { ...DEFAULT_SETTINGS }, problem: 'is empty' };
  let json: unknown;
  try {
    // Editors on Windows like to start a UTF-8 file with a byte order mark.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { settings: { ...DEFAULT_SETTINGS }, problem: 'is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { settings: { ...DEFAULT_SETTINGS }, problem: 'is not a JSON object' };
  }
  const whole = SettingsSchema.safeParse(json);
  if (whole.success) return { settings: whole.data, problem: null };
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const bad: string[] = [];
  for (const [key, field] of Object.entries(SettingsSchema.shape)) {
    const value = field.safeParse((json as Record<string, unknown>)[key]);
    if (value.success) settings[key] = value.data;
    else bad.push(key);
  }
  return {
    settings: SettingsSchema.parse(settings),
    problem: `has invalid ${bad.join(', ')}`,
  };
}

/** Copies the text of a bad settings file beside it; returns the copy's path, or null. */
function keepAside(file: string, text: string): string | null {
  const aside = `${file}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    writePrivateFile(aside, text);
    return aside;
  } catch {
    return null;
  }
}
