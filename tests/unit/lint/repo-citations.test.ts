import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where a reader of the repository must be able to open every document a comment names. */
const SCANNED = ['src-main', 'src-shared', 'src-renderer', 'bench', 'scripts', 'docs'];
const SCANNED_FILES = ['README.md', 'eslint.config.js'];
/** Whose `docs/….md §Heading` citations are checked against the docs. */
const CITING = ['src-main', 'src-shared', 'src-renderer'];
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|css|html)$/;

/**
 * Names of documents that live outside the repository (the research notes, the product brief and
 * its specifications). A comment or doc that cites one sends the reader somewhere they cannot go:
 * the fact belongs in the comment itself or in docs/.
 */
const OUTSIDE = [
  /\bplatforms\.md\b/,
  /\bDESIGN(?:\.md)?\b/,
  /\botp\.md\b/,
  /\baesthetics\.md\b/,
  /\.\.\/shared\b/,
  /(?<![\w-])shared\/(?:seeds|reference|fixtures)\b/,
  /\bseeds? 0\d\d\b/i,
  /\bthe seed(?:'s)?\b/i,
];

/** A numbered section (`§2.3`) outside an RFC citation is a section of a document not in the repo. */
const BARE_SECTION = /§\s?\d+(?:\.\d+)*/g;
const RFC_BEFORE = /RFC \d+[^.;()]{0,40}$/;

interface Hit {
  where: string;
  text: string;
}

function filesUnder(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(rel, e.name)) : [path.join(rel, e.name)],
    )
    .filter((f) => TEXT_FILE.test(f));
}

/** Comment continuations (` * `, `// `) joined, so a citation that wraps reads as one line. */
function joinCommentLines(text: string): string {
  return text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)[ \t]?/g, ' ');
}

function outsideCitations(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const pattern of OUTSIDE) {
      const m = pattern.exec(line);
      if (m) found.push(m[0]);
    }
  }
  const joined = joinCommentLines(text);
  for (const m of joined.matchAll(BARE_SECTION)) {
    if (!RFC_BEFORE.test(joined.slice(Math.max(0, m.index - 60), m.index))) {
      found.push(m[0]);
    }
  }
  return found;
}

function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)].map((m) => m[1] ?? '');
}

/** `docs/x.md` and `docs/x.md §Heading` citations whose file or heading does not exist. */
function brokenDocCitations(text: string, readDoc: (rel: string) => string | null): string[] {
  const broken: string[] = [];
  for (const m of joinCommentLines(text).matchAll(/\bdocs\/[\w./-]+?\.md\b(?:\s+§([^\n]*))?/g)) {
    const rel = m[0].split(/\s/)[0] ?? '';
    const doc = readDoc(rel);
    if (doc === null) {
      broken.push(`${rel} (no such file)`);
      continue;
    }
    const rest = m[1];
    if (rest === undefined) continue;
    const named = headingsOf(doc).some(
      (h) => rest.startsWith(h) && !/[\p{L}\p{N}]/u.test(rest.charAt(h.length)),
    );
    if (!named) broken.push(`${rel} §${rest.slice(0, 40)} (no such heading)`);
  }
  return broken;
}

function readRepoDoc(rel: string): string | null {
  const abs = path.join(ROOT, rel);
  return fs.existsSync(abs) && fs.statSync(abs).isFile() ? fs.readFileSync(abs, 'utf8') : null;
}

function collect(dirs: string[], check: (text: string) => string[]): Hit[] {
  return dirs.flatMap(filesUnder).flatMap((rel) => {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    return check(text).map((t) => ({ where: rel, text: t }));
  });
}

describe('citations stay inside the repository', () => {
  it('cites no document outside it (research notes, product brief, specifications)', () => {
    expect(collect([...SCANNED, ...SCANNED_FILES], outsideCitations)).toEqual([]);
  });

  it('cites only docs/ files and § headings that exist', () => {
    const hits = collect(CITING, (text) => brokenDocCitations(text, readRepoDoc));
    expect(hits).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const sample = [
      '/** Ids have 19 digits (platforms.md §1.1). */',
      '// see ../shared/fixtures and shared/seeds/000.txt',
      '/** The seed says so; §2.2 step 4. */',
      '/** RFC 9110 §14.1.3 is fine. */',
    ].join('\n');
    expect(outsideCitations(sample)).toEqual([
      'platforms.md',
      '../shared',
      'shared/fixtures',
      'The seed',
      '§1.1',
      '§2.2',
    ]);
    const docs: Record<string, string> = { 'docs/a.md': '# A\n\n## Share links\n' };
    const read = (rel: string) => docs[rel] ?? null;
    expect(brokenDocCitations('/** See docs/a.md §Share links, step 2. */', read)).toEqual([]);
    expect(brokenDocCitations('/** See docs/a.md\n * §Share links). */', read)).toEqual([]);
    expect(brokenDocCitations('/** docs/a.md §Share linksets */', read)).toHaveLength(1);
    expect(brokenDocCitations('/** docs/b.md */', read)).toEqual(['docs/b.md (no such file)']);
  });
});
