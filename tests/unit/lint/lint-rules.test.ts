import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The project's own eslint.config.js, as `npx eslint .` loads it, plus `overrideConfig`. */
function projectLinter(overrideConfig: ESLint.Options['overrideConfig']): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
    overrideConfig,
  });
}

/** Rule ids ESLint reports for `code` as if it were the file at `relPath`. */
async function ruleIds(linter: ESLint, relPath: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(ROOT, relPath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('eslint.config.js habits', () => {
  it('fails a focused test (.only) under tests/, in every spelling', async () => {
    // The ban needs no types; leaving type information out keeps this test fast.
    const linter = projectLinter({ ...tseslint.configs.disableTypeChecked, files: ['**/*.ts'] });
    const probe = 'tests/unit/lint/probe.test.ts';
    const focused = [
      "describe.only('a', () => {});",
      "it.only('a', () => {});",
      "test.only('a', () => {});",
      "test.describe.only('a', () => {});",
    ];
    for (const line of focused) {
      const code = `import { describe, it, test } from 'vitest';\n${line}\n`;
      expect(await ruleIds(linter, probe, code), line).toContain('no-restricted-syntax');
    }
    const unfocused = "import { it } from 'vitest';\nit('a', () => {});\n";
    expect(await ruleIds(linter, probe, unfocused)).toEqual([]);
  });

  it('fails a switch over a union that misses a member, and passes the full one', async () => {
    // A file outside every tsconfig gets TypeScript's default project, so the typed rule runs
    // on text that never touches the disk.
    const probe = 'lint-probe.ts';
    const linter = projectLinter({
      languageOptions: { parserOptions: { projectService: { allowDefaultProject: [probe] } } },
    });
    const corners = (...cases: string[]) =>
      [
        "export type Shape = 'circle' | 'square' | 'line';",
        'export function corners(shape: Shape): number {',
        '  switch (shape) {',
        ...cases,
        '  }',
        '  return -1;',
        '}',
        '',
      ].join('\n');
    const circle = "    case 'circle':\n      return 0;";
    const square = "    case 'square':\n      return 4;";
    const line = "    case 'line':\n      return 0;";
    expect(await ruleIds(linter, probe, corners(circle, square))).toContain(
      '@typescript-eslint/switch-exhaustiveness-check',
    );
    expect(await ruleIds(linter, probe, corners(circle, square, line))).toEqual([]);
  }, 30_000);
});
