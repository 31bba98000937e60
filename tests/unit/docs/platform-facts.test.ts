import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Facts sections of docs/platforms/*.md follow the format docs/platforms/README.md defines:
 * every fact has the date it was last seen true (or is marked a guess) and a source.
 */
const DIR = path.join(import.meta.dirname, '../../../docs/platforms');
const TODAY = new Date().toISOString().slice(0, 10);

interface FactsTable {
  header: string[];
  rows: string[][];
  /** The note's `##` headings, for `see "<heading>"`. */
  headings: string[];
}

function cellsOf(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

/** The first table after the `## Facts…` heading of `markdown`, or null without one. */
function factsTable(markdown: string): FactsTable | null {
  const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1] ?? '');
  const at = markdown.search(/^## Facts\b/m);
  if (at < 0) return null;
  const lines = markdown.slice(at).split('\n').slice(1);
  const end = lines.findIndex((line) => line.startsWith('## '));
  const section = end < 0 ? lines : lines.slice(0, end);
  const table = section.filter((line) => line.startsWith('|'));
  return {
    header: cellsOf(table[0] ?? ''),
    rows: table.slice(2).map(cellsOf),
    headings,
  };
}

/** A date of year, month or day precision that exists and is not in the future. */
function dateFault(date: string): string | null {
  const [year = '', month = '01', day = '01'] = date.split('-');
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    return `"${date}" is not a date`;
  }
  return iso > TODAY ? `"${date}" is in the future` : null;
}

/** Every fault of a table; empty when it follows the format. */
function tableFaults(table: FactsTable): string[] {
  const faults: string[] = [];
  const [fact, seen, source] = table.header.map((h) => h.toLowerCase());
  if (table.header.length !== 3 || fact !== 'fact' || !seen?.startsWith('last seen')) {
    faults.push(`header is not | fact | last seen… | …source |: ${table.header.join(' | ')}`);
  } else if (!source?.endsWith('source')) {
    faults.push(`third column is not a source: ${source ?? ''}`);
  }
  if (table.rows.length === 0) faults.push('no facts');
  for (const row of table.rows) {
    const where = row[0] ?? '';
    if (row.length !== 3) {
      faults.push(`${row.length} cells, not 3: ${where}`);
      continue;
    }
    const [text = '', when = '', from = ''] = row;
    if (text === '') faults.push('a row without a fact');
    if (from === '') faults.push(`no source: ${where}`);
    const pointer = /^see "([^"]+)"$/.exec(when)?.[1];
    if (when === 'guess') continue;
    if (pointer !== undefined) {
      if (!table.headings.includes(pointer)) faults.push(`"see" names no heading: ${where}`);
      continue;
    }
    if (!/^\d{4}(-\d\d){0,2}\b/.test(when)) {
      faults.push(`"${when}" does not start with a date: ${where}`);
      continue;
    }
    for (const date of when.match(/\b\d{4}(?:-\d\d){0,2}\b/g) ?? []) {
      const fault = dateFault(date);
      if (fault) faults.push(`${fault}: ${where}`);
    }
  }
  return faults;
}

const README = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
/** The example in README's fenced block, which must itself pass. */
const EXAMPLE = /```markdown\n([\s\S]*?)```/.exec(README)?.[1] ?? '';

const notes = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .map((file) => ({ file, table: factsTable(fs.readFileSync(path.join(DIR, file), 'utf8')) }));

describe('platform Facts sections', () => {
  // A note gets its section when its platform's facts are dated; until then it shows as skipped.
  for (const { file, table } of notes) {
    it.skipIf(table === null)(`${file}: every fact has a real past date and a source`, () => {
      expect(tableFaults(table as FactsTable)).toEqual([]);
    });
  }

  it('the example in README passes', () => {
    const table = factsTable(EXAMPLE);
    expect(table?.rows).toHaveLength(3);
    expect(tableFaults(table as FactsTable)).toEqual([]);
  });

  const table = (row: string, headings: string[] = []): FactsTable => ({
    header: ['fact', 'last seen true', 'public source'],
    rows: [cellsOf(row)],
    headings,
  });

  it.each([
    ['no date', '| `x` |  | a#1 |', /does not start with a date/],
    ['a day that does not exist', '| `x` | 2026-02-30 | a#1 |', /not a date/],
    ['a month that does not exist', '| `x` | 2026-13 | a#1 |', /not a date/],
    ['a future date', '| `x` | 2999-01-01 | a#1 |', /future/],
    ['a future date after a past one', '| `x` | 2020 (page); 2999-01 (api) | a#1 |', /future/],
    ['words instead of a date', '| `x` | recently | a#1 |', /does not start with a date/],
    ['no source', '| `x` | 2026-01-01 |  |', /no source/],
    ['a pointer to no heading', '| `x` | see "Nowhere" | a#1 |', /names no heading/],
    ['two cells', '| `x` | 2026-01-01 |', /2 cells/],
  ])('refuses %s', (_what, row, fault) => {
    expect(tableFaults(table(row)).join('\n')).toMatch(fault);
  });

  it.each([
    ['a day', '| `x` | 2026-08-08 | a#1 |'],
    ['a month with words', '| `x` | 2026-10 (field use); 2024-06 (full sample) | a#1 |'],
    ['a year', '| `x` | 2023 | a#1 |'],
    ['a guess', '| `x` | guess | none public |'],
    ['a pointer to a heading', '| `x` | see "What rests on what" | yt-dlp |'],
  ])('accepts %s', (_what, row) => {
    expect(tableFaults(table(row, ['What rests on what']))).toEqual([]);
  });

  it('refuses a table with other columns', () => {
    const faults = tableFaults({ header: ['Fact', 'Date'], rows: [], headings: [] });
    expect(faults.join('\n')).toMatch(/header is not/);
  });
});
