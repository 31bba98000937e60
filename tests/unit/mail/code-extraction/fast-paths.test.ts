/**
 * The extractor's shortcuts skip work that cannot change a result. Each is checked here against
 * the full work over the corpus and over random texts built from the characters and fragments
 * the shortcut is about.
 */

import { describe, expect, it } from 'vitest';
import { AnchorGate } from '../../../../src-main/mail/code-extraction/anchor-gate.ts';
import { findCandidates } from '../../../../src-main/mail/code-extraction/candidates.ts';
import { CODE_LABELS } from '../../../../src-main/mail/code-extraction/keywords/index.ts';
import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';
import { loadCorpus } from './corpus-loader.ts';

/** A small deterministic generator (the same texts on every run). */
function randomTexts(fragments: readonly string[], count: number, maxParts: number): string[] {
  let seed = 20261127;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
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

const corpusTexts = (): string[] => loadCorpus().flatMap((m) => readSources(m).map((s) => s.text));

describe('findCandidates: skipping capitalised words', () => {
  const fragments = [...'aZ09-#@. AB12xyQ\n:,/_', 'G-', 'FB-', 'Lorem', 'ABCDE', 'K7XQ2P', '482'];

  it('finds the same candidates as looking at every token with a capital', () => {
    const texts = [...corpusTexts(), ...randomTexts(fragments, 20_000, 24)];
    for (const t of texts) expect(findCandidates(t)).toEqual(findCandidates(t, false));
    expect(texts.length).toBeGreaterThan(20_000);
  });
});

describe('AnchorGate', () => {
  const anchors = [...new Set(CODE_LABELS.flatMap((p) => p.anchors))];
  const gate = new AnchorGate(anchors);
  const answers = (text: string): boolean[] => {
    gate.reset(text);
    return anchors.map((_, id) => gate.present[id] === 1);
  };

  it('answers as includes for every code label anchor', () => {
    const fragments = [...anchors, ...anchors.map((a) => a.slice(1)), ...'ac de-oé码 \n'];
    const texts = [
      ...corpusTexts().map((t) => t.toLowerCase()),
      ...randomTexts(fragments, 5_000, 12),
    ];
    for (const t of texts) expect(answers(t)).toEqual(anchors.map((a) => t.includes(a)));
  });
});
