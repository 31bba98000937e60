import { describe, expect, it } from 'vitest';
import { extractLink } from '../../../../src-main/mail/link-extraction/extract-link.ts';
import {
  LANGUAGES,
  loadLinkCorpus,
  loadLinkHeldOut,
  type LinkCorpusMail,
} from './link-corpus-loader.ts';
import { tally as countRows, type Tally } from '../extraction/tally.ts';

const corpus = loadLinkCorpus();
const heldOut = loadLinkHeldOut();

interface Row {
  mail: LinkCorpusMail;
  got: string | null;
}

/** Precision: right links / links returned. Recall: right links / mails that have one. */
const tally = (rows: readonly Row[]): Tally =>
  countRows(rows.map((r) => ({ expected: r.mail.expected, got: r.got })));

const line = (name: string, t: Tally): string =>
  `${name.padEnd(18)} mails ${String(t.mails).padStart(3)}  precision ${t.precision.toFixed(3)}  recall ${t.recall.toFixed(3)}  (${t.truePositives}/${t.positives} found, ${t.predicted} returned)`;

const VERIFY_LIKE = /verif|confirm|activat|validat|sign[ -]?in|log[ -]?in|reset|password|approve/i;

/**
 * The naive baseline the issue asks for: the first link (HTML href in document order, then URLs
 * of the text part) whose text or URL contains a verify-like word.
 */
export function naiveLink(m: LinkCorpusMail): string | null {
  const links: { url: string; text: string }[] = [];
  for (const a of (m.html ?? '').matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    links.push({ url: (a[1] ?? '').replace(/&amp;/g, '&'), text: a[2] ?? '' });
  }
  for (const u of (m.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) {
    links.push({ url: u[0], text: '' });
  }
  return links.find((l) => VERIFY_LIKE.test(l.text) || VERIFY_LIKE.test(l.url))?.url ?? null;
}

const run = (mails: readonly LinkCorpusMail[]): Row[] =>
  mails.map((mail) => ({ mail, got: extractLink(mail) }));
const runNaive = (mails: readonly LinkCorpusMail[]): Row[] =>
  mails.map((mail) => ({ mail, got: naiveLink(mail) }));

describe('the link corpus', () => {
  const all = [...corpus, ...heldOut];

  it('holds at least 200 mails with unique ids, in the 20 languages of the code corpus', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const lang of LANGUAGES) {
      expect(corpus.filter((m) => m.lang === lang).length, lang).toBeGreaterThanOrEqual(7);
      expect(heldOut.filter((m) => m.lang === lang).length, lang).toBeGreaterThanOrEqual(3);
    }
  });

  it('has a held-out part of at least 60 mails', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(60);
  });

  it('has decoys in most mails and no link in at least a quarter', () => {
    expect(all.filter((m) => m.decoys.length > 0).length / all.length).toBeGreaterThan(0.5);
    expect(all.filter((m) => m.expected === null).length / all.length).toBeGreaterThanOrEqual(0.25);
  });

  it('mixes HTML buttons, plain text, both code and link, RTL and CJK', () => {
    expect(all.filter((m) => m.html === null && m.expected !== null).length).toBeGreaterThan(20);
    expect(all.filter((m) => m.html?.includes('bgcolor') && m.expected).length).toBeGreaterThan(40);
    expect(all.filter((m) => m.decoys.includes('code') && m.expected).length).toBeGreaterThan(10);
    expect(all.filter((m) => ['ar', 'fa', 'he'].includes(m.lang)).length).toBeGreaterThan(20);
    expect(all.filter((m) => ['zh', 'ja', 'ko'].includes(m.lang)).length).toBeGreaterThan(20);
  });

  it('states expected links that occur in their mails (rejoined, &amp; decoded)', () => {
    const absent = all.filter((m) => {
      if (m.expected === null) return false;
      const body = `${m.text ?? ''}${m.html ?? ''}`.replace(/&amp;/g, '&').replace(/\r?\n/g, '');
      return !body.includes(m.expected);
    });
    expect(absent.map((m) => m.id)).toEqual([]);
  });
});

describe('extractLink over the in-sample corpus', () => {
  const results = run(corpus);

  it('reaches precision 0.98 and recall 0.95, and beats the naive baseline', () => {
    const t = tally(results);
    const naive = tally(runNaive(corpus));
    console.log(
      [
        'link extraction corpus (in sample)',
        line('all', t),
        line('naive baseline', naive),
        ...LANGUAGES.map((lang) => line(lang, tally(results.filter((r) => r.mail.lang === lang)))),
        ...results
          .filter((r) => r.got !== r.mail.expected)
          .map(
            (r) =>
              `  miss ${r.mail.id}: expected ${String(r.mail.expected)}, got ${String(r.got)} (${r.mail.note})`,
          ),
      ].join('\n'),
    );
    expect(t.precision).toBeGreaterThanOrEqual(0.98);
    expect(t.recall).toBeGreaterThanOrEqual(0.95);
    expect(t.truePositives).toBeGreaterThan(naive.truePositives);
  });

  it('returns no link for any alert, receipt, newsletter, notice or code-only mail', () => {
    const wrong = results.filter((r) => r.mail.expected === null && r.got !== null);
    expect(wrong.map((r) => `${r.mail.id}: ${String(r.got)}`)).toEqual([]);
  });
});

/**
 * The held-out mails (held-out/) were committed before the extractor existed and are not tuned
 * on; misses are printed by count only. The floors are the goals.
 */
describe('the held-out link mails', () => {
  it('get precision 0.98 and recall 0.95 from extractLink, beside the naive baseline', () => {
    const t = tally(run(heldOut));
    const naive = tally(runNaive(heldOut));
    const wrong = run(heldOut).filter((r) => r.got !== r.mail.expected).length;
    console.log(
      `${line('held-out', t)}  ${wrong} mail(s) answered wrong\n${line('held-out naive', naive)}`,
    );
    expect(t.precision).toBeGreaterThanOrEqual(0.98);
    expect(t.recall).toBeGreaterThanOrEqual(0.95);
  });
});
