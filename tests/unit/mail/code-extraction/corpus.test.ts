import { describe, expect, it } from 'vitest';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';
import {
  HAS_HELD_OUT,
  LANGUAGES,
  loadCorpus,
  loadHeldOut,
  type CorpusMail,
} from './corpus-loader.ts';
import { tally as countRows, type Tally } from '../extraction/tally.ts';

const corpus = loadCorpus();
const results = corpus.map((mail) => ({ mail, got: extractCode(mail) }));
const heldOut = loadHeldOut();

/** Precision: right codes / codes returned. Recall: right codes / mails that have one. */
const tally = (rows: readonly { mail: CorpusMail; got: string | null }[]): Tally =>
  countRows(rows.map((r) => ({ expected: r.mail.expected, got: r.got })));

const describeMiss = (r: { mail: CorpusMail; got: string | null }): string =>
  `${r.mail.id}: expected ${String(r.mail.expected)}, got ${String(r.got)} (${r.mail.note})`;

/** Decoys that every code mail has anyway ("valid for 10 minutes") do not make a mail hard. */
const hasRealDecoy = (m: CorpusMail): boolean => m.decoys.some((d) => d !== 'duration');

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as ASCII: codes are returned that way. */
const asciiDigits = (s: string): string =>
  s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) =>
    String((d.codePointAt(0) ?? 0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)),
  );

/** Everything a reader could see, reduced to letters and digits, for the sanity check. */
function flatContent(m: CorpusMail): string {
  const html = (m.html ?? '').replace(/<[^>]*>/g, '');
  return asciiDigits(`${m.subject ?? ''} ${m.text ?? ''} ${html}`.normalize('NFKC')).replace(
    /[^A-Za-z0-9]/g,
    '',
  );
}

const EASTERN = /[\u0660-\u0669\u06F0-\u06F9]{4}/;
const withEastern = (mails: readonly CorpusMail[]): number =>
  mails.filter((m) => m.expected !== null && EASTERN.test(`${m.text ?? ''}${m.html ?? ''}`)).length;

const line = (name: string, t: Tally): string =>
  `${name.padEnd(12)} mails ${String(t.mails).padStart(3)}  precision ${t.precision.toFixed(3)}  recall ${t.recall.toFixed(3)}  (${t.truePositives}/${t.positives} found, ${t.predicted} returned)`;

/**
 * The "first code-shaped token" extractor (the approach of parse-otp-message): a baseline the
 * corpus must defeat, to show that its decoys are real.
 */
function naiveExtract(m: CorpusMail): string | null {
  const html = (m.html ?? '').replace(/<[^>]*>/g, ' ');
  const all = `${m.subject ?? ''}\n${m.text ?? ''}\n${html}`;
  return /\b(?:[A-Z]{1,2}-)?\d{4,8}\b/.exec(all)?.[0] ?? null;
}

describe('the mail corpus', () => {
  it('holds at least 300 mails, with unique ids (held-out ones included)', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const all = [...corpus, ...heldOut];
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
  });

  it('covers all twenty languages with both code mails and null mails', () => {
    expect(LANGUAGES.length).toBe(20);
    for (const lang of LANGUAGES) {
      const mails = corpus.filter((m) => m.lang === lang);
      expect(mails.length, lang).toBeGreaterThanOrEqual(10);
      expect(mails.filter((m) => m.expected !== null).length, lang).toBeGreaterThanOrEqual(6);
      expect(mails.filter((m) => m.expected === null).length, lang).toBeGreaterThanOrEqual(3);
    }
  });

  it('writes Arabic-Indic and Persian digits in some code mails', () => {
    expect(withEastern(corpus)).toBeGreaterThanOrEqual(4);
  });

  it('has decoys in at least 40 % of its mails', () => {
    const share = corpus.filter(hasRealDecoy).length / corpus.length;
    expect(share).toBeGreaterThanOrEqual(0.4);
  });

  it('includes link-only logins, receipts, newsletters and HTML-only mails', () => {
    const count = (category: CorpusMail['category']): number =>
      corpus.filter((m) => m.category === category).length;
    expect(count('magic-link')).toBeGreaterThanOrEqual(10);
    expect(count('receipt')).toBeGreaterThanOrEqual(20);
    expect(count('newsletter')).toBeGreaterThanOrEqual(10);
    expect(corpus.filter((m) => m.text === null && m.html !== null).length).toBeGreaterThanOrEqual(
      25,
    );
    expect(
      [...corpus, ...heldOut].every((m) => (m.category === 'otp') === (m.expected !== null)),
    ).toBe(true);
  });

  it('states expected codes that really occur in their mails', () => {
    const absent = [...corpus, ...heldOut].filter(
      (m) => m.expected !== null && !flatContent(m).includes(m.expected.replace(/-/g, '')),
    );
    expect(absent.map((m) => m.id)).toEqual([]);
  });
});

describe('extractCode over the corpus', () => {
  it('reaches precision 0.99 and recall 0.97 in sample', () => {
    const all = tally(results);
    const hard = tally(results.filter((r) => hasRealDecoy(r.mail)));
    const easy = tally(results.filter((r) => !hasRealDecoy(r.mail)));
    console.log(
      [
        'code extraction corpus',
        line('all', all),
        line('with decoys', hard),
        line('clean', easy),
        ...LANGUAGES.map((lang) => line(lang, tally(results.filter((r) => r.mail.lang === lang)))),
        ...results.filter((r) => r.got !== r.mail.expected).map((r) => `  miss ${describeMiss(r)}`),
      ].join('\n'),
    );
    expect(all.precision).toBeGreaterThanOrEqual(0.99);
    expect(all.recall).toBeGreaterThanOrEqual(0.97);
    expect(hard.precision).toBeGreaterThanOrEqual(0.95);
    expect(hard.recall).toBeGreaterThanOrEqual(0.95);
  });

  it.each(LANGUAGES)('works in %s (precision and recall of at least 0.9)', (lang) => {
    const t = tally(results.filter((r) => r.mail.lang === lang));
    expect(t.precision).toBeGreaterThanOrEqual(0.9);
    expect(t.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('returns null for every receipt, newsletter, link-only login and notice', () => {
    const falsePositives = results.filter((r) => r.mail.expected === null && r.got !== null);
    expect(falsePositives.map(describeMiss)).toEqual([]);
  });

  it('beats a naive first-code-shaped-token extractor by a wide margin on mails with decoys', () => {
    const hard = corpus.filter(hasRealDecoy);
    const naiveRight = hard.filter((m) => naiveExtract(m) === m.expected).length / hard.length;
    const ours = results.filter((r) => hasRealDecoy(r.mail));
    const oursRight = ours.filter((r) => r.got === r.mail.expected).length / ours.length;
    console.log(
      `mails with decoys answered right: naive ${naiveRight.toFixed(3)}, extractCode ${oursRight.toFixed(3)}`,
    );
    expect(naiveRight).toBeLessThan(0.6);
    expect(oursRight).toBeGreaterThanOrEqual(0.95);
  });
});

/**
 * The held-out mails (held-out-3/) are written without looking at the extractor and run once;
 * they are never tuned on. Their score is the honest estimate (docs/decisions.md, "Verification
 * codes in 20 languages"); the floor is the one stated there, so that a regression shows without
 * the floor becoming a target to tune for. Misses are printed by count only, not by mail. The
 * folder is added on its own (held-out-2 moved in sample as `*-ho2.json`); until it is there,
 * these checks are skipped rather than run on nothing.
 */
describe.skipIf(!HAS_HELD_OUT)('the held-out mails', () => {
  it('number at least 120 and cover all twenty languages with code and null mails', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(120);
    for (const lang of LANGUAGES) {
      const held = heldOut.filter((m) => m.lang === lang);
      expect(held.length, lang).toBeGreaterThanOrEqual(5);
      expect(held.filter((m) => m.expected !== null).length, lang).toBeGreaterThanOrEqual(3);
      expect(held.filter((m) => m.expected === null).length, lang).toBeGreaterThanOrEqual(1);
    }
    expect(withEastern(heldOut)).toBeGreaterThanOrEqual(3);
  });

  it('get precision 0.97 and recall 0.95 from extractCode', () => {
    const heldOutResults = heldOut.map((mail) => ({ mail, got: extractCode(mail) }));
    const t = tally(heldOutResults);
    const wrong = heldOutResults.filter((r) => r.got !== r.mail.expected).length;
    console.log(`${line('held-out', t)}  ${wrong} mail(s) answered wrong`);
    expect(t.precision).toBeGreaterThanOrEqual(0.97);
    expect(t.recall).toBeGreaterThanOrEqual(0.95);
  });
});
