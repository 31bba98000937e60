import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The mail corpus in tests/fixtures/mail-corpus: one JSON array per language. */
export const CORPUS_DIR = path.join(import.meta.dirname, '../../../fixtures/mail-corpus');

export const LANGUAGES = ['en', 'zh', 'ja', 'ko', 'ru', 'de', 'fr', 'es', 'pt'] as const;

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

export function loadCorpus(): CorpusMail[] {
  const mails: CorpusMail[] = [];
  for (const file of readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown = JSON.parse(readFileSync(path.join(CORPUS_DIR, file), 'utf8'));
    mails.push(...z.array(corpusMail).parse(raw));
  }
  return mails;
}
