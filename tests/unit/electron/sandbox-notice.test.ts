import { describe, expect, it } from 'vitest';
import { unsandboxedReason } from '../../../src-main/electron/sandbox-notice.ts';

describe('a run without the sandbox leaves a trace', () => {
  it('says why for the AppImage (restricted user namespaces) and for a bare --no-sandbox', () => {
    expect(
      unsandboxedReason(['/tmp/.mount_EphemeX/ephemera', '--no-sandbox'], { APPIMAGE: '/a' }),
    ).toMatch(/restricts user namespaces.*install the deb/);
    expect(unsandboxedReason(['/opt/Ephemera/ephemera', '--no-sandbox'], {})).toMatch(
      /--no-sandbox on the command line/,
    );
  });

  it('nothing to say with the sandbox on; argv[0] is never an argument', () => {
    expect(
      unsandboxedReason(['/opt/Ephemera/ephemera', '--port', '9'], { APPIMAGE: '/a' }),
    ).toBeNull();
    expect(unsandboxedReason(['--no-sandbox'], {})).toBeNull();
  });
});
