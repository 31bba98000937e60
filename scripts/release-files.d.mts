/** Types of scripts/release-files.mjs, for the unit tests. */
export interface Feed {
  version: string;
  files: { url: string; sha512: string; size: number }[];
  path?: string;
  sha512?: string;
  releaseDate?: string;
}
export const INSTALLER: RegExp;
export const RELEASE_FILE: RegExp;
export function checkReleaseFiles(
  dir: string,
  version: string,
  expected: string[],
): { lines: string[]; problems: string[] };
export function mergeFeeds(feeds: Feed[]): Feed;
export function assembleRelease(dirs: string[], out: string): string[];
export function writeChecksums(dir: string): number;
