import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const UNIT = path.resolve('resources/linux/ephemera.service');

function hasSystemdAnalyze(): boolean {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('resources/linux/ephemera.service (docs/mail-in.md)', () => {
  const text = fs.readFileSync(UNIT, 'utf8');
  const dir = makeTempDir();
  afterAll(() => removeTempDir(dir));

  it('binds port 25 without root, as a dynamic user, with the system read-only', () => {
    for (const line of [
      'DynamicUser=yes',
      'AmbientCapabilities=CAP_NET_BIND_SERVICE',
      'CapabilityBoundingSet=CAP_NET_BIND_SERVICE',
      'ProtectSystem=strict',
      'StateDirectory=ephemera',
      'NoNewPrivileges=yes',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    expect(text).toMatch(
      /^ExecStart=.* serve .*--smtp-port 25 .*--data-dir \$\{STATE_DIRECTORY\}$/m,
    );
    expect(text).not.toMatch(/^User=/m);
  });

  it.skipIf(!hasSystemdAnalyze())('passes systemd-analyze verify with no warning', () => {
    // The node binary of this run stands in for /usr/bin/node, which verify checks exists.
    const unit = path.join(dir, 'ephemera.service');
    fs.writeFileSync(unit, text.replace('/usr/bin/node', process.execPath));
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', unit], { encoding: 'utf8' });
    expect(run.stderr.trim()).toBe('');
    expect(run.status).toBe(0);
  });

  it.skipIf(!hasSystemdAnalyze())('the check itself catches a mistake (an unknown key)', () => {
    const unit = path.join(dir, 'ephemera.service');
    fs.writeFileSync(
      unit,
      text.replace('/usr/bin/node', process.execPath).replace('DynamicUser=yes', 'DynamicUsr=yes'),
    );
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', unit], { encoding: 'utf8' });
    expect(run.stderr).toMatch(/Unknown key 'DynamicUsr'/);
  });
});
