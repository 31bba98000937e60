/** Types of scripts/release-names.mjs, for the unit tests. */
export interface Installer {
  os: 'win' | 'mac' | 'linux';
  cpus: string[];
  target: string;
  file: string;
  feed: string;
  blockmap: boolean;
}
export type BuilderConfig = Record<string, unknown>;
export const OSES: string[];
export function loadConfig(file?: string): BuilderConfig;
export function packageInfo(): { name: string; version: string; productName?: string };
export function feedName(os: string, cpu: string | null): string;
export function releaseInstallers(
  config?: BuilderConfig,
  pkg?: { name: string; version: string; productName?: string },
): Installer[];
export function jobInstallers(
  os: string,
  cpu: string | null,
  installers?: Installer[],
): Installer[];
export function expectedFiles(installers: Installer[]): string[];
export function installerName(
  os: string,
  cpu: string,
  target: string,
  installers?: Installer[],
): string;
