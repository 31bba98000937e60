// The boot half of `npm run package:check` (scripts/package-check.mjs): extracts the packed
// app.asar (with its unpacked files), puts the stand-in `electron` module
// (scripts/stand-in-electron/) in its node_modules, starts the main bundle under plain Node with
// the arguments a Linux desktop launcher passes, waits for /api/health, then sends SIGTERM and
// expects a clean exit. Returns `{ lines, problems }`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));
const STAND_IN = path.join(ROOT, 'scripts', 'stand-in-electron');

/** What a .desktop Exec line, a Wayland session and macOS's Xcode add to the command line. */
export const LAUNCHER_ARGS = [
  '--ozone-platform-hint=auto',
  '--enable-wayland-ime',
  '--lang=de',
  '%U',
  '/home/u/file.mp4',
  '-NSDocumentRevisionsDebugMode',
  'YES',
];
/** The invoke channel the stand-in calls once the window loaded (see stand-in index.cjs). */
const IPC_PROBE = 'app:info';
const BOOT_DEADLINE_MS = 60_000;
const EXIT_DEADLINE_MS = 20_000;

/** Electron's main-process module names (from its typings), so `import { x }` links. */
function electronExportNames(fallback) {
  const names = new Set(fallback);
  try {
    const typings = fs.readFileSync(require.resolve('electron/electron.d.ts'), 'utf8');
    for (const block of ['Main', 'Common']) {
      const start = typings.indexOf(`  namespace ${block} {`);
      const end = typings.indexOf('\n  }', start);
      if (start === -1 || end === -1) continue;
      for (const m of typings.slice(start, end).matchAll(/^ {4}(?:const|class) (\w+)/gm)) {
        names.add(m[1]);
      }
    }
  } catch {
    // the stand-in's own names only
  }
  return [...names].filter((n) => /^[A-Za-z]\w*$/.test(n) && n !== 'default');
}

function installStandIn(appDir) {
  const dir = path.join(appDir, 'node_modules', 'electron');
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['index.cjs', 'web.cjs']) {
    fs.copyFileSync(path.join(STAND_IN, file), path.join(dir, file));
  }
  const own = Object.keys(require(path.join(STAND_IN, 'index.cjs'))).filter(
    (n) => n !== '__standIn',
  );
  const names = electronExportNames(own);
  fs.writeFileSync(
    path.join(dir, 'index.mjs'),
    `import electron from './index.cjs';\nexport default electron;\n` +
      names.map((n) => `export const ${n} = electron.${n};\n`).join(''),
  );
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'electron',
      main: './index.cjs',
      exports: { import: './index.mjs', require: './index.cjs' },
    }),
  );
  return names.length;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function readLog(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

async function health(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return null;
  }
}

export async function bootPackagedApp({ appOutDir, work }) {
  const asar = require('@electron/asar');
  const lines = [];
  const problems = [];
  const appDir = path.join(work, 'resources', 'app');
  asar.extractAll(path.join(appOutDir, 'resources', 'app.asar'), appDir);
  lines.push(`stand-in electron module: ${installStandIn(appDir)} exports`);

  const home = path.join(work, 'home');
  fs.mkdirSync(home, { recursive: true });
  const log = path.join(work, 'stand-in.log');
  const port = await freePort();
  const env = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    EPHEMERA_PORT: String(port),
    EPHEMERA_SMTP_PORT: '0',
    EPHEMERA_STAND_IN_LOG: log,
    EPHEMERA_STAND_IN_HOME: path.join(home, 'electron'),
    EPHEMERA_STAND_IN_PROBE: IPC_PROBE,
  };
  delete env.ELECTRON_RUN_AS_NODE;
  delete env.NODE_OPTIONS;
  const args = process.env.PACKAGE_CHECK_ARGS?.split(' ').filter(Boolean) ?? LAUNCHER_ARGS;
  lines.push(`arguments: ${args.join(' ')}`);
  const child = spawn(process.execPath, [path.join(STAND_IN, 'boot.mjs'), appDir, ...args], {
    cwd: work,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let exit = null;
  void exited.then((result) => (exit = result));

  const started = Date.now();
  let answer = null;
  while (!exit && Date.now() - started < BOOT_DEADLINE_MS) {
    const printed = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    answer = await health(printed ? Number(printed[1]) : port);
    if (answer?.status === 200) break;
    await delay(250);
  }
  if (answer?.status === 200 && answer.body?.status === 'ok') {
    lines.push(`/api/health answered 200 after ${Date.now() - started} ms`);
  } else {
    problems.push(
      exit ? `the app exited early (${JSON.stringify(exit)})` : 'no /api/health answer',
    );
  }

  if (!exit) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_DEADLINE_MS);
  const result = await exited;
  clearTimeout(timer);
  lines.push(`exit after SIGTERM: code ${result.code}, signal ${result.signal}`);
  if (result.code !== 0) problems.push(`the app did not exit cleanly (${JSON.stringify(result)})`);

  const events = readLog(log);
  const loads = events.filter((e) => e.event === 'loadURL');
  lines.push(
    `windows: ${events.filter((e) => e.event === 'BrowserWindow').length}, loads: ${loads.map((l) => `${l.url} → ${l.status}`).join(', ') || 'none'}`,
  );
  lines.push(
    `ipcMain handlers: ${events.filter((e) => e.event === 'ipcMain.handle').length}, tray: ${events.some((e) => e.event === 'Tray')}`,
  );
  const unknown = [...new Set(events.filter((e) => e.event === 'noop').map((e) => e.name))];
  if (unknown.length > 0) lines.push(`Electron calls answered by no-ops: ${unknown.join(', ')}`);
  if (!loads.some((l) => l.status === 200)) problems.push('no window loaded its page (HTTP 200)');
  const probes = events.filter((e) => e.event === 'ipc.probe');
  lines.push(
    `IPC ${IPC_PROBE}: ${probes.map((p) => `${p.from ?? '-'} ok=${p.ok} ${p.code ?? ''}`.trim()).join('; ') || 'not called'}`,
  );
  if (!probes.some((p) => p.from === 'top' && p.ok === true)) {
    problems.push(`IPC ${IPC_PROBE} from the window's top frame did not answer ok`);
  }
  if (
    !probes.some((p) => p.from === 'subframe' && p.ok === false && p.code === 'FORBIDDEN_SENDER')
  ) {
    problems.push(`IPC ${IPC_PROBE} from a subframe was not refused with FORBIDDEN_SENDER`);
  }
  for (const box of events.filter((e) => e.event === 'dialog.showErrorBox')) {
    problems.push(`error box: ${box.title}: ${box.content}`);
  }
  if (/Ephemera failed|Error:/.test(output)) problems.push('errors in the output (below)');
  if (problems.length > 0) lines.push('output:', ...output.trimEnd().split('\n'));
  return { lines, problems };
}
