/** Types of scripts/release-files.mjs, for the unit tests. */
export interface Report {
  line: string | null;
  problems: string[];
}
export const INSTALLER: RegExp;
export function artifactPattern(version: string): RegExp;
export function checkAppUpdateConfig(resourcesDir: string, expected?: string): Report;
export function checkWorkerHash(resourcesDir: string): Report;
export function checkReleaseFiles(
  dir: string,
  version: string,
): { lines: string[]; problems: string[] };
export function writeChecksums(dir: string): number;
