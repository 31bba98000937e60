import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Facts tables of docs/platforms/*.md follow the format docs/platforms/README.md defines:
 * every fact has a kind, the date it was last seen true (or is marked a guess) and a source.
 */
const DIR = path.join(import.meta.dirname, '../../../docs/platforms');
const HEADER = '| Fact | Kind | Last seen | Source |';
const KINDS = new Set(['link form', 'data path', 'request', 'media', 'failure signal']);
const TODAY = new Date().toISOString().slice(0, 10);

/** The rows of the Facts table in `markdown`, or null when it has none. */
function factRows(markdown: string): string[] | null {
  const at = markdown.search(/^## Facts$/m);
  if (at < 0) return null;
  const lines = markdown.slice(at).split('\n').slice(1);
  const start = lines.findIndex((line) => line.startsWith('|'));
  if (start < 0 || lines[start] !== HEADER) return [`bad header: ${lines[start] ?? '(none)'}`];
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

/** Every fault of one row; empty when it is well formed. */
function rowFaults(row: string): string[] {
  const cells = row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
  if (cells.length !== 4) return [`${cells.length} cells, not 4: ${row}`];
  const [fact = '', kind = '', seen = '', source = ''] = cells;
  const faults: string[] = [];
  if (fact === '') faults.push(`no fact: ${row}`);
  if (!KINDS.has(kind)) faults.push(`unknown kind "${kind}": ${row}`);
  if (seen === 'guess') {
    if (source !== 'guess') faults.push(`a guess with a source: ${row}`);
    return faults;
  }
  const date = /^\d{4}-\d\d-\d\d$/.test(seen) ? new Date(`${seen}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== seen) {
    faults.push(`"${seen}" is not a YYYY-MM-DD date: ${row}`);
  } else if (seen > TODAY) {
    faults.push(`"${seen}" is in the future: ${row}`);
  }
  const linked = /\]\(https:\/\/[^\s)]+\)/.test(source);
  const inRepo = /^`(tests|src-main|docs)\/[^`\s]+`$/.test(source);
  if (!linked && !inRepo) faults.push(`source is neither a link nor a repository path: ${row}`);
  return faults;
}

const README = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
/** The example inside README's fenced block, which must itself pass. */
const EXAMPLE = /```markdown\n([\s\S]*?)```/.exec(README)?.[1] ?? '';

describe('platform Facts tables', () => {
  const notes = fs.readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md');

  it.each(notes)('%s: every row has a kind, a past date or "guess", and a source', (file) => {
    const rows = factRows(fs.readFileSync(path.join(DIR, file), 'utf8'));
    expect((rows ?? []).flatMap(rowFaults)).toEqual([]);
  });

  it('the format example in README passes', () => {
    const rows = factRows(EXAMPLE);
    expect(rows?.length).toBe(3);
    expect((rows ?? []).flatMap(rowFaults)).toEqual([]);
  });

  it.each([
    ['a missing date', '| `x` | data path | | [a](https://x.test/1) |', /not a YYYY-MM-DD/],
    [
      'a day that does not exist',
      '| `x` | data path | 2026-02-30 | [a](https://x.test/1) |',
      /not a YYYY/,
    ],
    ['a future date', '| `x` | data path | 2999-01-01 | [a](https://x.test/1) |', /future/],
    ['an unknown kind', '| `x` | vibe | 2026-01-01 | [a](https://x.test/1) |', /unknown kind/],
    ['no source', '| `x` | data path | 2026-01-01 | somewhere |', /neither a link/],
    ['a dated guess', '| `x` | data path | guess | [a](https://x.test/1) |', /guess with a source/],
    ['three cells', '| `x` | data path | 2026-01-01 |', /3 cells/],
  ])('refuses %s', (_what, row, fault) => {
    expect(rowFaults(row).join('\n')).toMatch(fault);
  });

  it('refuses a table with another header', () => {
    expect(factRows('## Facts\n\n| Fact | Date |\n| --- | --- |\n')).toEqual([
      'bad header: | Fact | Date |',
    ]);
  });
});
