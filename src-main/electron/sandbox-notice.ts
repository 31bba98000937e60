/**
 * Why this run has no Chromium sandbox, or null when it has one. electron-builder's AppImage
 * launcher adds `--no-sandbox` where unprivileged user namespaces are restricted (Ubuntu 24.04+)
 * and an AppImage cannot ship the AppArmor profile the deb installs: the log says so, and where
 * the way back is (docs/install.md → the AppImage).
 */
export function unsandboxedReason(argv: readonly string[], env: NodeJS.ProcessEnv): string | null {
  if (!argv.slice(1).includes('--no-sandbox')) return null;
  if (env.APPIMAGE) {
    return (
      "running without Chromium's sandbox: this system restricts user namespaces and the " +
      'AppImage has no AppArmor profile; install the deb, or add the profile described in ' +
      'the install guide (Linux: the AppImage)'
    );
  }
  return "running without Chromium's sandbox (--no-sandbox on the command line)";
}
