/** Types of scripts/packed-app.mjs, for the unit tests. */
export interface Report {
  line: string | null;
  problems: string[];
}
export function checkAppUpdateConfig(resourcesDir: string, expected?: string): Report;
export function checkWorkerHash(resourcesDir: string): Report;
export function checkPackageType(resourcesDir: string, expected: string | null): Report;
export function linuxTargetFolder(target: string): string;
export function unpackedResources(dir: string): string[];
