/** Types of scripts/release-dry-run.mjs, for the unit tests. */
export interface Faults {
  aarch64AppImage?: boolean;
  perArchNsis?: boolean;
  fuse2?: boolean;
  appImagePackageType?: boolean;
}
export interface StepResult {
  job: string;
  step: string;
  ok: boolean;
  output: string;
}
export function dryRun(
  work: string,
  options?: { faults?: Faults; workflow?: string },
): StepResult[];
export function layOutJob(dir: string, job: { os: string; cpu: string }, faults?: Faults): void;
export function runStep(
  script: string,
  cwd: string,
  env: Record<string, string>,
): { ok: boolean; output: string };
