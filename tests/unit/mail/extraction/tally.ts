/**
 * Precision and recall of an extractor over a corpus, the way every corpus test of the code and
 * link fields counts them: a mail "has" a value when its expected value is not null; a value
 * returned counts as right only when it equals the expected one exactly.
 */
export interface Row {
  expected: string | null;
  got: string | null;
}

export interface Tally {
  mails: number;
  positives: number;
  truePositives: number;
  predicted: number;
  /** Right values / values returned (1 when nothing was returned). */
  precision: number;
  /** Right values / mails that have one (1 when none has). */
  recall: number;
}

export function tally(rows: readonly Row[]): Tally {
  const positives = rows.filter((r) => r.expected !== null).length;
  const predicted = rows.filter((r) => r.got !== null).length;
  const truePositives = rows.filter((r) => r.got !== null && r.got === r.expected).length;
  return {
    mails: rows.length,
    positives,
    truePositives,
    predicted,
    precision: predicted === 0 ? 1 : truePositives / predicted,
    recall: positives === 0 ? 1 : truePositives / positives,
  };
}

export const tallyLine = (name: string, t: Tally): string =>
  `${name.padEnd(22)} mails ${String(t.mails).padStart(3)}  precision ${t.precision.toFixed(3)}  recall ${t.recall.toFixed(3)}  (${t.truePositives}/${t.positives} found, ${t.predicted} returned)`;

/** One line per group (category, language) that has a wrong answer, worst first. */
export function groupLines<T extends Row>(rows: readonly T[], key: (r: T) => string): string[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.entries()]
    .map(([name, rs]) => ({ name, rs, wrong: rs.filter((r) => r.got !== r.expected).length }))
    .filter((g) => g.wrong > 0)
    .sort((a, b) => b.wrong - a.wrong || a.name.localeCompare(b.name))
    .map((g) => `${tallyLine(`  ${g.name}`, tally(g.rs))}  ${g.wrong} wrong`);
}
