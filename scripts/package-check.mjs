#!/usr/bin/env node
// `npm run package:check`: packs the Linux app folder offline and checks what an installer would
// ship, without an Electron binary (none can be downloaded here). Run after the bundles are built
// (the npm script does that).
//
// 1. A stand-in Electron distribution (scripts/package-check-dist.mjs) replaces the real one:
//    electron-builder copies it, packs the app into resources/app.asar, runs the afterPack ABI
//    check and flips the fuses in its "executable", as for a real build.
// 2. The packed files: no source maps, build tools or renderer packages in app.asar, size under
//    MAX_ASAR_BYTES, better-sqlite3 and the parse worker unpacked, the fuses flipped as
//    electron-builder.yml says.
// 3. The deb and the AppImage, each in its own run as a release builds them, up to the tool
//    that would download (scripts/package-check-linux-targets.mjs).
// 4. The packaged main bundle boots under plain Node with the stand-in `electron` module
//    (scripts/stand-in-electron/), with the arguments a desktop launcher passes, until /api/health
//    answers on the port it serves; then SIGTERM must end it cleanly.
//
// The stand-in declares Node as the runtime its addon must fit, so better-sqlite3 stays built for
// Node (what the tests use) and the packaged app can load it here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootPackagedApp } from './package-check-boot.mjs';
import { makeStandInDist } from './package-check-dist.mjs';
import { checkPackedFiles } from './package-check-files.mjs';
import { checkLinuxTarget } from './package-check-linux-targets.mjs';
import { checkAppUpdateConfig, checkWorkerHash } from './packed-app.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));
const OUT = path.join(ROOT, 'release', 'package-check');

/**
 * The repository the update feed should name: the clone's `origin`, else PACKAGE_CHECK_REPO,
 * else a placeholder (a worktree or an export has no remote; electron-builder would then write
 * an app-update.yml without owner and repo, which the check below refuses).
 */
function feedRepository() {
  const fromEnv = process.env.PACKAGE_CHECK_REPO?.trim();
  if (fromEnv) return { repo: fromEnv, origin: 'PACKAGE_CHECK_REPO' };
  const remote = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: ROOT, encoding: 'utf8' });
  const match = /github\.com[:/]([^/]+)\/([^/]+?)(?:\.git)?\s*$/.exec(remote.stdout ?? '');
  if (match) return { repo: `${match[1]}/${match[2]}`, origin: 'git remote' };
  return { repo: 'ephemera-check/ephemera', origin: 'placeholder: no git remote here' };
}

function step(title) {
  process.stdout.write(`\n== package:check: ${title}\n`);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    throw new Error(`${path.basename(args[0] ?? command)} failed (exit ${result.status})`);
  }
}

async function main() {
  for (const file of ['electron.mjs', 'parse-worker.mjs']) {
    if (!fs.existsSync(path.join(ROOT, 'dist', 'main', file))) {
      throw new Error(`dist/main/${file} is missing: build first (npm run package:check does)`);
    }
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-package-check-'));
  try {
    step('better-sqlite3 for Node (the stand-in runtime)');
    run(process.execPath, [path.join(ROOT, 'scripts', 'ensure-native-abi.mjs'), 'node']);

    step('electron-builder --dir against a stand-in Electron');
    const dist = makeStandInDist(path.join(work, 'electron-dist'));
    fs.rmSync(OUT, { recursive: true, force: true });
    const feed = feedRepository();
    const [feedOwner, feedRepo] = feed.repo.split('/');
    const cli = path.join(path.dirname(require.resolve('electron-builder/package.json')), 'cli.js');
    run(process.execPath, [
      cli,
      '--linux',
      'dir',
      `--${process.arch}`,
      '--publish',
      'never',
      `-c.electronDist=${dist}`,
      // The addon is already built for the stand-in's runtime; a rebuild would fetch headers.
      '-c.npmRebuild=false',
      `-c.directories.output=${OUT}`,
      `-c.publish.owner=${feedOwner}`,
      `-c.publish.repo=${feedRepo}`,
    ]);

    step('packed files');
    const appOutDir = fs
      .readdirSync(OUT)
      .map((name) => path.join(OUT, name))
      .find((dir) => /linux-.*unpacked$/.test(dir));
    if (!appOutDir) throw new Error(`no linux-*unpacked folder in ${OUT}`);
    const report = await checkPackedFiles(appOutDir);
    for (const line of report.lines) process.stdout.write(`  ${line}\n`);
    if (report.problems.length > 0) {
      throw new Error(`the package is not right:\n  - ${report.problems.join('\n  - ')}`);
    }

    step(`update feed and parse worker (feed repository from the ${feed.origin})`);
    const resources = path.join(appOutDir, 'resources');
    const releaseChecks = [checkAppUpdateConfig(resources, feed.repo), checkWorkerHash(resources)];
    for (const check of releaseChecks) if (check.line) process.stdout.write(`  ${check.line}\n`);
    const releaseProblems = releaseChecks.flatMap((check) => check.problems);
    if (releaseProblems.length > 0) {
      throw new Error(`the package is not right:\n  - ${releaseProblems.join('\n  - ')}`);
    }

    for (const target of ['AppImage', 'deb']) {
      step(`the ${target}'s own run, up to the packaging tool (a download here)`);
      const linux = await checkLinuxTarget({ target, dist, out: OUT, repo: feed.repo });
      for (const line of linux.lines) process.stdout.write(`  ${line}\n`);
      if (linux.problems.length > 0) {
        throw new Error(`the ${target} is not right:\n  - ${linux.problems.join('\n  - ')}`);
      }
    }

    step('boot the packaged main under Node with the stand-in Electron');
    const boot = await bootPackagedApp({ appOutDir, work });
    for (const line of boot.lines) process.stdout.write(`  ${line}\n`);
    if (boot.problems.length > 0) {
      throw new Error(
        `the packaged app did not boot cleanly:\n  - ${boot.problems.join('\n  - ')}`,
      );
    }
    process.stdout.write('\npackage:check passed\n');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`\npackage:check failed: ${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
