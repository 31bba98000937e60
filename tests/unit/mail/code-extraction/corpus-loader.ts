import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The mail corpus in tests/fixtures/mail-corpus: JSON arrays of mails, per language. The files at
 * its top are the in-sample corpus; the `*-ho1.json` and `*-ho2.json` ones were the first and
 * second held-out sets, whose misses were looked at and tuned on, and so are in sample since
 * (docs/decisions.md). The mails in held-out-3/ were written before that tuning and are never
 * tuned on: their score estimates how the extractor does on mail it has not seen. That folder
 * is added separately; until it is there, the held-out checks are skipped.
 */
export const CORPUS_DIR = path.join(import.meta.dirname, '../../../fixtures/mail-corpus');
export const HELD_OUT_DIR = path.join(CORPUS_DIR, 'held-out-3');

/** Whether the held-out set is present (see above). */
export const HAS_HELD_OUT = existsSync(HELD_OUT_DIR);

export const LANGUAGES = [
  'en',
  'zh',
  'ja',
  'ko',
  'ru',
  'de',
  'fr',
  'es',
  'pt',
  'ar',
  'fa',
  'he',
  'it',
  'tr',
  'nl',
  'id',
  'pl',
  'vi',
  'fi',
  'sv',
] as const;

const corpusMail = z
  .object({
    id: z.string().min(1),
    lang: z.enum(LANGUAGES),
    category: z.enum(['otp', 'magic-link', 'receipt', 'newsletter', 'notice']),
    note: z.string().min(1),
    /** Kinds of decoy the mail carries (date, phone, hidden-text...); empty for clean mails. */
    decoys: z.array(z.string().min(1)),
    expected: z.string().min(1).nullable(),
    subject: z.string().nullable(),
    text: z.string().nullable(),
    html: z.string().nullable(),
  })
  .strict();

export type CorpusMail = z.infer<typeof corpusMail>;

function loadDir(dir: string): CorpusMail[] {
  const mails: CorpusMail[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    mails.push(...z.array(corpusMail).parse(raw));
  }
  return mails;
}

/** The in-sample corpus (the extractor is tuned on it). */
export function loadCorpus(): CorpusMail[] {
  return loadDir(CORPUS_DIR);
}

/** The held-out mails (never tuned on); none while the folder is missing. */
export function loadHeldOut(): CorpusMail[] {
  return HAS_HELD_OUT ? loadDir(HELD_OUT_DIR) : [];
}
