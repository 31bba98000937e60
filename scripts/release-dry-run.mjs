#!/usr/bin/env node
// A dry run of the release workflow's file steps, here, without Electron, runners or a tag.
// For each packaging job of .github/workflows/release.yml it lays out the files electron-builder
// would write on that runner (names from scripts/release-names.mjs; feeds with true sizes and
// SHA-512; the unpacked apps' app-update.yml; a real .deb built with dpkg-deb and an AppImage
// stand-in that extracts itself), then runs the workflow's own steps on them, as the runner
// would (`bash --noprofile --norc -eo pipefail`): each job's release-file check and Linux package
// checks, then the release job's assembly, checksums and notes. A wrong name, a broken check or a
// merge that loses a file fails here, not on the first tag.
//
//   node scripts/release-dry-run.mjs [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { digest, linuxTargetFolder, yaml } from './packed-app.mjs';
import { RELEASE_FILE } from './release-files.mjs';
import { jobInstallers, packageInfo } from './release-names.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const WORKFLOW = path.join(ROOT, '.github', 'workflows', 'release.yml');
const REPO = 'ephemera-dry-run/ephemera';
/**
 * Enough files that `dpkg-deb -c` prints well past a pipe's buffer (and grep's read) after the
 * profile's line.
 */
const DEB_FILLER_FILES = 2500;

export function workflowSteps(file = WORKFLOW) {
  const workflow = yaml().load(fs.readFileSync(file, 'utf8'));
  return (jobId, stepName) => {
    const step = workflow.jobs?.[jobId]?.steps?.find((s) => s.name === stepName);
    if (!step?.run) throw new Error(`release.yml has no step "${stepName}" in job ${jobId}`);
    if (step.run.includes('${{')) throw new Error(`"${stepName}" reads an expression inline`);
    return step.run;
  };
}

/** The package jobs of the workflow's matrix, and the Windows installer job. */
export function packagingJobs(file = WORKFLOW) {
  const workflow = yaml().load(fs.readFileSync(file, 'utf8'));
  const matrix = workflow.jobs.package.strategy.matrix.include;
  return [
    ...matrix.filter((m) => m.os !== 'win').map((m) => ({ os: m.os, cpu: m.cpu })),
    { os: 'win', cpu: 'all' },
  ];
}

function write(file, text, mode) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, mode ? { mode } : undefined);
}

function feedText(version, files) {
  return yaml().dump({
    version,
    files: files.map((f) => ({
      url: path.basename(f),
      sha512: digest(f, 'sha512', 'base64'),
      size: fs.statSync(f).size,
    })),
    path: path.basename(files[0]),
    sha512: digest(files[0], 'sha512', 'base64'),
    releaseDate: new Date(0).toISOString(),
  });
}

/** A .deb shaped as electron-builder's fpm run makes it. */
function standInDeb(file, cpu) {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-deb-'));
  try {
    const resources = path.join(tree, 'opt', 'Ephemera', 'resources');
    write(path.join(resources, 'apparmor-profile'), 'abi <abi/4.0>,\n');
    write(path.join(resources, 'package-type'), 'deb\n');
    write(path.join(resources, 'app-update.yml'), `provider: github\nowner: x\nrepo: y\n`);
    for (let i = 0; i < DEB_FILLER_FILES; i += 1) {
      write(
        // Sorted after resources/apparmor-profile, as most of a real app's files are.
        path.join(resources, 'z-filler', `${String(i).padStart(5, '0')}.pak`),
        '',
      );
    }
    write(
      path.join(tree, 'usr', 'share', 'applications', 'ephemera.desktop'),
      '[Desktop Entry]\nName=Ephemera\nExec=/opt/Ephemera/ephemera %U\nStartupWMClass=ephemera\n',
    );
    const arch = cpu === 'x64' ? 'amd64' : 'arm64';
    write(
      path.join(tree, 'DEBIAN', 'control'),
      `Package: ephemera\nVersion: ${packageInfo().version}\nArchitecture: ${arch}\nMaintainer: x <x@y>\nDescription: stand-in\n`,
    );
    write(
      path.join(tree, 'DEBIAN', 'postinst'),
      '#!/bin/sh\napparmor_parser --replace --write-cache /etc/apparmor.d/ephemera || true\n',
      0o755,
    );
    // ar + tar rather than `dpkg-deb --build`, whose members follow readdir order: sorted by
    // name, the profile's line comes early in the listing, as it does in a real app's deb.
    const tar = (out, ...paths) =>
      spawnSync('tar', ['--sort=name', '--owner=0', '--group=0', '-cJf', out, '-C', ...paths], {
        encoding: 'utf8',
      });
    fs.writeFileSync(path.join(tree, 'debian-binary'), '2.0\n');
    const steps = [
      tar(path.join(tree, 'control.tar.xz'), path.join(tree, 'DEBIAN'), '.'),
      tar(path.join(tree, 'data.tar.xz'), tree, './opt', './usr'),
      spawnSync('ar', ['rc', file, 'debian-binary', 'control.tar.xz', 'data.tar.xz'], {
        cwd: tree,
        encoding: 'utf8',
      }),
    ];
    const failed = steps.find((r) => r.status !== 0);
    if (failed) throw new Error(`building the stand-in deb failed: ${failed.stderr}`);
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

/** An AppImage stand-in: the static runtime's --appimage-extract, and its size past 3 MB. */
function standInAppImage(file, { fuse2 = false, packageType = false } = {}) {
  const extract = [
    '#!/bin/sh',
    'if [ "$1" = --appimage-extract ]; then',
    '  mkdir -p squashfs-root/resources',
    '  echo "provider: github" > squashfs-root/resources/app-update.yml',
    ...(packageType ? ['  echo deb > squashfs-root/resources/package-type'] : []),
    '  exit 0',
    'fi',
    'exit 1',
    `# runtime: ${fuse2 ? 'libfuse.so.2' : 'static, fusermount3'}`,
    '',
  ].join('\n');
  write(file, Buffer.concat([Buffer.from(extract), Buffer.alloc(3_500_000, 0x41)]), 0o755);
}

/**
 * One job's release/ folder as electron-builder leaves it. `faults` bends it the ways the old
 * workflow went wrong: {aarch64AppImage, perArchNsis, fuse2, appImagePackageType}.
 */
export function layOutJob(dir, { os: osName, cpu }, faults = {}) {
  const release = path.join(dir, 'release');
  const version = packageInfo().version;
  const installers = jobInstallers(osName, cpu === 'all' ? null : cpu);
  const feeds = new Map();
  for (const installer of installers) {
    let name = installer.file;
    if (faults.aarch64AppImage && installer.target === 'AppImage' && cpu === 'arm64') {
      name = name.replace('-arm64.AppImage', '-aarch64.AppImage');
    }
    const file = path.join(release, name);
    fs.mkdirSync(release, { recursive: true });
    if (installer.target === 'deb') standInDeb(file, cpu);
    else if (installer.target === 'AppImage') {
      standInAppImage(file, { fuse2: faults.fuse2, packageType: faults.appImagePackageType });
    } else write(file, `stand-in ${name}\n`);
    if (installer.blockmap) write(`${file}.blockmap`, `blockmap of ${name}\n`);
    feeds.set(installer.feed, [...(feeds.get(installer.feed) ?? []), file]);
  }
  if (faults.perArchNsis && osName === 'win') {
    for (const arch of ['x64', 'arm64']) {
      const file = path.join(release, `Ephemera-${version}-setup-${arch}.exe`);
      write(file, `stand-in ${arch}\n`);
      write(`${file}.blockmap`, 'map\n');
      feeds.get('latest.yml')?.push(file);
    }
  }
  for (const [feed, files] of feeds) write(path.join(release, feed), feedText(version, files));
  const updateYml = `provider: github\nowner: ${REPO.split('/')[0]}\nrepo: ${REPO.split('/')[1]}\n`;
  const apps =
    osName === 'linux'
      ? [
          `linux${cpu === 'x64' ? '' : `-${cpu}`}-unpacked/resources`,
          ...['AppImage', 'deb'].map((t) => `${linuxTargetFolder(t)}/linux-unpacked/resources`),
        ]
      : osName === 'mac'
        ? [`mac${cpu === 'x64' ? '' : `-${cpu}`}/Ephemera.app/Contents/Resources`]
        : ['win-unpacked/resources', 'win-arm64-unpacked/resources'];
  for (const app of apps) {
    write(path.join(release, app, 'app-update.yml'), updateYml);
    if (app.startsWith(linuxTargetFolder('deb')))
      write(path.join(release, app, 'package-type'), 'deb\n');
  }
}

/** Runs one workflow step in `cwd` as the runner does; returns {ok, output}. */
export function runStep(script, cwd, env) {
  // The checkout: scripts copied (a script run through a symlink would not know it is the
  // main module), the rest linked.
  if (!fs.existsSync(path.join(cwd, 'scripts'))) {
    fs.cpSync(path.join(ROOT, 'scripts'), path.join(cwd, 'scripts'), { recursive: true });
  }
  for (const link of ['node_modules', 'package.json', 'electron-builder.yml']) {
    const to = path.join(cwd, link);
    if (!fs.existsSync(to)) fs.symlinkSync(path.join(ROOT, link), to);
  }
  const file = path.join(cwd, '.step.sh');
  fs.writeFileSync(file, script);
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_REPOSITORY: REPO, ...env },
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const JOB_STEPS = {
  linux: [
    ['package', 'Check the release files'],
    ['package', 'Check the Linux packages'],
  ],
  mac: [['package', 'Check the release files']],
  win: [['windows-installer', 'Check the release files (Windows)']],
};

/** The whole dry run in `work`; returns the steps run, each {job, step, ok, output}. */
export function dryRun(work, { faults = {}, workflow = WORKFLOW } = {}) {
  const step = workflowSteps(workflow);
  const results = [];
  const artifacts = path.join(work, 'release-job', 'artifacts');
  for (const job of packagingJobs(workflow)) {
    const name = `${job.os}-${job.cpu}`;
    const dir = path.join(work, name);
    layOutJob(dir, job, faults);
    for (const [jobId, stepName] of JOB_STEPS[job.os]) {
      const env = { OS_NAME: job.os, CPU: job.cpu, RUNNER_OS: job.os };
      results.push({ job: name, step: stepName, ...runStep(step(jobId, stepName), dir, env) });
    }
    // upload-artifact: the installers, blockmaps and feeds of release/, flat.
    const upload = path.join(artifacts, job.os === 'win' ? 'release-win' : `release-${name}`);
    fs.mkdirSync(upload, { recursive: true });
    for (const f of fs.readdirSync(path.join(dir, 'release'))) {
      if (RELEASE_FILE.test(f)) {
        fs.copyFileSync(path.join(dir, 'release', f), path.join(upload, f));
      }
    }
  }
  const releaseDir = path.join(work, 'release-job');
  const env = { UNSIGNED_RELEASE: 'true', SIGNED_WIN: 'false', SIGNED_MAC: 'false' };
  for (const stepName of ['Assemble the release', 'Release notes']) {
    results.push({
      job: 'release',
      step: stepName,
      ...runStep(step('release', stepName), releaseDir, env),
    });
  }
  return results;
}

function main(argv) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-release-dry-run-'));
  try {
    const results = dryRun(work);
    for (const r of results) {
      process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.job}: ${r.step}\n`);
      if (!r.ok) process.stdout.write(`${r.output.replace(/^/gm, '     ')}\n`);
    }
    const sums = path.join(work, 'release-job', 'out', 'SHA256SUMS.txt');
    if (fs.existsSync(sums)) process.stdout.write(`\n${fs.readFileSync(sums, 'utf8')}`);
    if (results.some((r) => !r.ok)) process.exit(1);
    process.stdout.write(`release dry run passed (${results.length} steps)\n`);
  } finally {
    if (argv.includes('--keep')) process.stdout.write(`kept ${work}\n`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
