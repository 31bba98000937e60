// The deb and AppImage half of `npm run package:check`: each Linux target built in its own run
// and output folder, as scripts/electron-builder.mjs builds them for a release, as far as this
// machine can. fpm and the AppImage tool are downloads electron-builder makes; its
// `effectiveOptionComputed` hook (the one its own tests use) hands over what it would run them
// with and stops there. By then each target has written its files into the unpacked app it packs.
//
// Checked: the deb's app says `package-type: deb`, carries the AppArmor profile, installs it from
// its post-install script, lands in /opt/Ephemera, and its menu entry names the window class; the
// AppImage's app has no package-type (it must update itself as an AppImage), its own update feed,
// and a menu entry without --no-sandbox.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAppUpdateConfig, checkPackageType, linuxTargetFolder } from './packed-app.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

function argAfter(args, name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** What fpm would be given for the deb: its arguments and the menu entry it would install. */
function debChecks(handedOver) {
  const [args, desktopFile] = handedOver;
  const problems = [];
  const postinst = argAfter(args, '--after-install');
  const script = postinst && fs.existsSync(postinst) ? fs.readFileSync(postinst, 'utf8') : '';
  if (!script.includes('apparmor_parser')) {
    problems.push('the deb post-install script does not load the AppArmor profile');
  }
  if (!args.some((a) => /linux-unpacked\/=\/opt\/Ephemera\/?$/.test(a))) {
    problems.push('the deb does not install the app in /opt/Ephemera');
  }
  const desktop =
    desktopFile && fs.existsSync(desktopFile) ? fs.readFileSync(desktopFile, 'utf8') : '';
  if (!/^StartupWMClass=ephemera$/m.test(desktop)) {
    problems.push('the deb menu entry does not say StartupWMClass=ephemera');
  }
  return { lines: [`fpm ${args.length} arguments, post-install loads AppArmor`], problems };
}

function appImageChecks(handedOver) {
  const problems = [];
  const desktop = String(handedOver.desktop ?? '');
  if (/--no-sandbox/.test(desktop)) problems.push('the AppImage menu entry passes --no-sandbox');
  if (!/^StartupWMClass=ephemera$/m.test(desktop)) {
    problems.push('the AppImage menu entry does not say StartupWMClass=ephemera');
  }
  return { lines: [`desktop entry ${handedOver.desktopFileName}`], problems };
}

/**
 * Builds `target` ('deb' | 'AppImage') for this machine's CPU into its own folder of `out`
 * (linuxTargetFolder), against the stand-in Electron `dist`, and checks the app it packed.
 */
export async function checkLinuxTarget({ target, dist, out, repo }) {
  const { build, Platform, Arch } = require('electron-builder');
  const [owner, name] = repo.split('/');
  const output = path.join(out, linuxTargetFolder(target));
  let handedOver = null;
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget([target], Arch[process.arch]),
    publish: 'never',
    config: {
      electronDist: dist,
      npmRebuild: false,
      directories: { output },
      // The deb's home page: electron-builder reads it from the git remote, which a clone on a
      // release runner has and a worktree or export here may not.
      extraMetadata: { homepage: `https://github.com/${repo}` },
      publish: { provider: 'github', releaseType: 'release', owner, repo: name },
    },
    effectiveOptionComputed: async (options) => {
      // Read now: the post-install script and menu entry are temporary files.
      handedOver = Array.isArray(options)
        ? [options[0], options[1]]
        : { desktop: options.desktop, desktopFileName: options.desktopFileName };
      if (Array.isArray(options)) {
        const copy = (file) => {
          if (!file || !fs.existsSync(file)) return file;
          const kept = path.join(output, `kept-${path.basename(file)}`);
          fs.copyFileSync(file, kept);
          return kept;
        };
        const args = options[0].map((a, i) =>
          options[0][i - 1] === '--after-install' ? copy(a) : a,
        );
        handedOver = [args, copy(options[1])];
      }
      return true;
    },
  });
  if (!handedOver) throw new Error(`electron-builder did not reach the ${target} tool`);
  const resources = path.join(output, 'linux-unpacked', 'resources');
  const checks =
    target === 'deb'
      ? [checkPackageType(resources, 'deb'), debChecks(handedOver)]
      : [checkPackageType(resources, null), appImageChecks(handedOver)];
  checks.push(checkAppUpdateConfig(resources, repo));
  if (target === 'deb' && !fs.existsSync(path.join(resources, 'apparmor-profile'))) {
    checks.push({ line: null, problems: ['the deb app has no resources/apparmor-profile'] });
  }
  return {
    lines: checks.flatMap((c) => c.lines ?? (c.line ? [c.line] : [])).map((l) => `${target}: ${l}`),
    problems: checks.flatMap((c) => c.problems),
  };
}
