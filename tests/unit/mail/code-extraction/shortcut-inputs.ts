/**
 * Inputs for the tests of the extractor's shortcuts (fast-paths-*.test.ts): every corpus text,
 * and random texts made of fragments the shortcut is about.
 */

import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';
import { loadCorpus } from './corpus-loader.ts';

/** A small deterministic generator (the same texts on every run); it takes an LCG's high bits. */
export function randomTexts(
  fragments: readonly string[],
  count: number,
  maxParts: number,
): string[] {
  let seed = 20261127;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return Math.floor((seed / 0x80000000) * n);
  };
  const texts: string[] = [];
  for (let k = 0; k < count; k++) {
    let s = '';
    const parts = next(maxParts + 1);
    for (let i = 0; i < parts; i++) s += fragments[next(fragments.length)];
    texts.push(s);
  }
  return texts;
}

/** Every source text of every corpus mail, normalised as the extractor reads it. */
export const corpusTexts = (): string[] =>
  loadCorpus().flatMap((m) => readSources(m).map((s) => s.text));
