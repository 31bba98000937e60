/**
 * The link extractor's words, one file per language (the 20 languages of the code extractor,
 * code-extraction/keywords/), compiled into one case-insensitive regex per family. Matched
 * against NFKC-folded text; stems are used where a language inflects (bestätig-, подтверд-).
 * Latin and Cyrillic words must start a word ("entrar", not "encontrar"); other scripts attach
 * prefixes (Arabic و, Hebrew ה) or have no spaces (CJK), so their words match anywhere. A word
 * written with a leading '-' is the tail of compounds and matches inside a word too
 * ("-einstellungen": Sicherheitseinstellungen, Kontoeinstellungen).
 */

import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fa } from './fa.ts';
import { fi } from './fi.ts';
import { fr } from './fr.ts';
import { he } from './he.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { sv } from './sv.ts';
import { tr } from './tr.ts';
import type { LinkWords } from './types.ts';
import { vi } from './vi.ts';
import { zh } from './zh.ts';

export type { LinkWords };

const LANGUAGES: readonly LinkWords[] = [
  en,
  zh,
  ja,
  ko,
  ru,
  de,
  fr,
  es,
  pt,
  it,
  ar,
  fa,
  he,
  tr,
  nl,
  id,
  pl,
  vi,
  fi,
  sv,
];

const WORD_START = /^[a-z\u00c0-\u024f\u0400-\u04ff]/i;

function alternation(family: keyof LinkWords): RegExp {
  const words = [...new Set(LANGUAGES.flatMap((l) => l[family]))];
  const parts = words.map((w) =>
    w.startsWith('-') ? w.slice(1) : WORD_START.test(w) ? `(?<![\\p{L}\\p{N}])${w}` : w,
  );
  return new RegExp(`(?:${parts.join('|')})`, 'iu');
}

export const ACTION = alternation('action');
export const DECOY = alternation('decoy');
export const REMEDY = alternation('remedy');
export const IGNORE = alternation('ignore');
export const NOTICE = alternation('notice');
