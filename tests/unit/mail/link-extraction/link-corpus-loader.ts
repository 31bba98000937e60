import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES } from '../code-extraction/corpus-loader.ts';

/**
 * The link corpus in tests/fixtures/link-corpus: JSON arrays of mails, one file per language.
 * The files at its top are the in-sample corpus (the link extractor is tuned on them); the
 * mails in held-out/ were written and committed before any extractor code existed and are run
 * once, never tuned on (docs/decisions.md, "The link to click").
 */
export const LINK_CORPUS_DIR = path.join(import.meta.dirname, '../../../fixtures/link-corpus');
export const LINK_HELD_OUT_DIR = path.join(LINK_CORPUS_DIR, 'held-out');

export { LANGUAGES };

const linkMail = z
  .object({
    id: z.string().min(1),
    lang: z.enum(LANGUAGES),
    /** What the mail is: verify, magic-link, reset, approve (with a link) or otp, alert,
     * receipt, newsletter, notice (without one). */
    category: z.enum([
      'verify',
      'magic-link',
      'reset',
      'approve',
      'otp',
      'alert',
      'receipt',
      'newsletter',
      'notice',
    ]),
    note: z.string().min(1),
    /** Kinds of decoy link the mail carries (unsubscribe, logo, social, help...). */
    decoys: z.array(z.string().min(1)),
    /** The link a person should open, as the API returns it; null when there is none. */
    expected: z.string().url().nullable(),
    subject: z.string().nullable(),
    text: z.string().nullable(),
    html: z.string().nullable(),
  })
  .strict();

export type LinkCorpusMail = z.infer<typeof linkMail>;

function loadDir(dir: string): LinkCorpusMail[] {
  if (!existsSync(dir)) return [];
  const mails: LinkCorpusMail[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    mails.push(...z.array(linkMail).parse(raw));
  }
  return mails;
}

/** The in-sample link corpus (tuned on). */
export function loadLinkCorpus(): LinkCorpusMail[] {
  return loadDir(LINK_CORPUS_DIR);
}

/** The held-out link mails (run once, never tuned on). */
export function loadLinkHeldOut(): LinkCorpusMail[] {
  return loadDir(LINK_HELD_OUT_DIR);
}
