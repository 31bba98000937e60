import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The two link corpora of issue 35, written apart from the extractor's word lists:
 * - tests/fixtures/link-training/: 400 mails (20 per language) in the wording of open-source
 *   account-mail templates and shop/SaaS notices, built by build/generate.py. Rules may be tuned
 *   on it.
 * - tests/fixtures/link-heldout/heldout.json: 150 mails written blind by another hand and
 *   committed before any rule change; never tuned on.
 */
const FIXTURES = path.join(import.meta.dirname, '../../../fixtures');
export const TRAINING_DIR = path.join(FIXTURES, 'link-training');
export const HELD_OUT_FILE = path.join(FIXTURES, 'link-heldout', 'heldout.json');
export const HAS_INDEPENDENT_HELD_OUT = existsSync(HELD_OUT_FILE);
/** A second blind set (the product's own 20 languages), written after the rule changes. */
export const SECOND_HELD_OUT_FILE = path.join(FIXTURES, 'link-heldout-2', 'heldout.json');
/** A third blind set, written while round 2 changed the rules, and run once after it. */
export const THIRD_HELD_OUT_FILE = path.join(FIXTURES, 'link-heldout-3', 'heldout.json');

const independentMail = z
  .object({
    id: z.string().min(1),
    /** The training corpus uses the project's 20 languages; the held-out set BCP 47 tags
     * (zh-Hans, pt-BR, uk, th, hi...). */
    lang: z.string().min(2),
    /** What the mail is about (verify, reset, approve, magic-link, receipt, alert...). */
    category: z.string().min(1),
    /** link: the mail asks the reader to open one link; notice: it has none to open. */
    kind: z.enum(['link', 'notice']).optional(),
    note: z.string().optional(),
    from: z.string().nullable().optional(),
    subject: z.string().nullable(),
    text: z.string().nullable(),
    html: z.string().nullable(),
    expect_link: z.string().url().nullable(),
    expect_code: z.string().min(1).nullable().optional(),
  })
  .passthrough();

export type IndependentMail = z.infer<typeof independentMail>;

export function loadTraining(): IndependentMail[] {
  return readdirSync(TRAINING_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) =>
      z.array(independentMail).parse(JSON.parse(readFileSync(path.join(TRAINING_DIR, f), 'utf8'))),
    );
}

/** A blind held-out set (the first by default); empty until it is committed. */
export function loadIndependentHeldOut(file = HELD_OUT_FILE): IndependentMail[] {
  if (!existsSync(file)) return [];
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const list = Array.isArray(raw)
    ? raw
    : z.object({ mails: z.array(z.unknown()) }).parse(raw).mails;
  return z.array(independentMail).parse(list);
}
