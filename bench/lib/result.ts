/** One line of the summary table. */
export interface BenchResult {
  name: string;
  unit: string;
  ours: number;
  /** Null when the bench has an absolute goal and no baseline (idle RSS). */
  baseline: number | null;
  /** ours / baseline, or null without a baseline. */
  ratio: number | null;
  /** Human-readable goal, e.g. "ratio ≥ 0.9" or "≤ 100 MB". */
  goal: string;
  pass: boolean;
  note?: string;
}

/**
 * A result judged on ours/baseline against a minimum ratio, from paired rounds (round i of ours
 * ran next to round i of the baseline). The ratio is the median of the per-round ratios: other
 * load on the machine drifts over seconds, and pairing cancels most of that drift.
 */
export function pairedResult(
  name: string,
  unit: string,
  ours: readonly number[],
  baseline: readonly number[],
  minRatio: number,
  note?: string,
): BenchResult {
  const ratios = ours.map((o, i) => o / (baseline[i] ?? Number.NaN));
  const ratio = median(ratios);
  return {
    name,
    unit,
    ours: median(ours),
    baseline: median(baseline),
    ratio,
    goal: `ratio ≥ ${minRatio}`,
    pass: ratio >= minRatio,
    note,
  };
}

/** The nearest-rank `p`th percentile of `samples`. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function fmt(value: number, digits = 1): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Prints a result as the last lines of a single bench run. */
export function printResult(r: BenchResult): void {
  const base = r.baseline === null ? '' : `  baseline ${fmt(r.baseline)} ${r.unit}`;
  const ratio = r.ratio === null ? '' : `  ratio ${fmt(r.ratio, 2)}`;
  console.log(
    `=> ${r.name}: ours ${fmt(r.ours)} ${r.unit}${base}${ratio}  (goal ${r.goal}) ${r.pass ? 'PASS' : 'FAIL'}`,
  );
  if (r.note) console.log(`   ${r.note}`);
}

/** The summary table run-all prints at the end. */
export function printTable(results: readonly BenchResult[]): void {
  const rows = results.map((r) => [
    r.name,
    `${fmt(r.ours)} ${r.unit}`,
    r.baseline === null ? '—' : `${fmt(r.baseline)} ${r.unit}`,
    r.ratio === null ? '—' : fmt(r.ratio, 2),
    r.goal,
    r.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['bench', 'ours', 'baseline', 'ratio', 'goal', 'result'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  // The ratio is not ours/baseline of the two medians shown; on a busy machine they can differ.
  console.log('ratio = median of the per-round ours/baseline ratios (rounds ran side by side)');
}
