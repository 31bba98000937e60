import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { layerOf, layerViolation } from '../../../scripts/layer-map.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['src-main', 'src-shared', 'src-renderer'];

/** Every .ts/.tsx file under the source folders, from the repository root. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/**
 * Each file's relative imports (import, import type, export … from, import()), as the file
 * they name. preProcessFile only scans, so it sees type-only imports that compile to nothing.
 */
function importMap(files: string[]): Map<string, { specifier: string; target: string }[]> {
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const imports = ts
        .preProcessFile(text, true, true)
        .importedFiles.map((ref) => ref.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => ({
          specifier,
          target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
        }));
      return [file, imports];
    }),
  );
}

/** One import cycle (its files in order, the first repeated at the end), or null. */
function findCycle(graph: Map<string, { target: string }[]>): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onStack.has(file)) return [...stack.slice(stack.indexOf(file)), file];
    if (done.has(file) || !graph.has(file)) return null;
    stack.push(file);
    onStack.add(file);
    for (const { target } of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

const files = SOURCES.flatMap(sourceFiles);
const graph = importMap(files);

describe('the import map of src-main, src-shared and src-renderer', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src-main/start.ts');
  });

  it('puts every source file in a layer of docs/ARCHITECTURE.md', () => {
    expect(files.filter((file) => layerOf(file) === null)).toEqual([]);
  });

  it('resolves every relative import to a file', () => {
    const missing = [...graph].flatMap(([file, imports]) =>
      imports
        .filter(({ target }) => !fs.existsSync(path.join(ROOT, target)))
        .map(({ specifier }) => `${file} → ${specifier}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no import cycle between files, type-only imports included', () => {
    const cycle = findCycle(graph);
    expect(cycle?.join('\n  → ')).toBeUndefined();
  });

  it('has no import that points up the layer map', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports.flatMap(({ specifier }) => {
        const reason = layerViolation(path.join(ROOT, file), specifier);
        return reason === null ? [] : [`${file} → ${specifier}: ${reason}`];
      }),
    );
    expect(upward).toEqual([]);
  });
});
