import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_FILE_NAME, settingsFile } from '../../../src-main/settings/settings-file.ts';
import { DEFAULT_SETTINGS } from '../../../src-shared/settings/schemas.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

describe('settings.json', () => {
  let dir = '';
  afterEach(() => removeTempDir(dir));
  const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

  it('reads the defaults when there is no file, and what was written after', () => {
    dir = makeTempDir();
    const file = settingsFile(path.join(dir, 'new-folder'));
    expect(file.read()).toEqual(DEFAULT_SETTINGS);
    const written = { ...DEFAULT_SETTINGS, lanSharing: true, httpPort: 9000, proxy: 'http://p:1' };
    file.write(written);
    expect(file.read()).toEqual(written);
    expect(fs.readdirSync(path.join(dir, 'new-folder'))).toEqual([SETTINGS_FILE_NAME]);
  });

  it('fills fields an older file lacks', () => {
    dir = makeTempDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE_NAME), '{"lanSharing": true}');
    expect(settingsFile(dir).read()).toEqual({ ...DEFAULT_SETTINGS, lanSharing: true });
  });

  it.each(['not json', '{"lanSharing": "yes"}', '[]'])('falls back to defaults for %j', (text) => {
    dir = makeTempDir();
    fs.writeFileSync(path.join(dir, SETTINGS_FILE_NAME), text);
    const log = logger();
    expect(settingsFile(dir, log).read()).toEqual(DEFAULT_SETTINGS);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
