import type { BuildOptions } from 'esbuild';

export const mainBuild: BuildOptions;
export const workerBuild: BuildOptions;
export const preloadBuild: BuildOptions;
export const MAIN_EXTERNALS: string[];
export const PARSE_WORKER_SHA256_NAME: string;
export const OAUTH_CLIENT_ENV: readonly string[];
/** esbuild `define` entries for the OAuth client ids set in `env` (process.env by default). */
export function oauthClientDefines(
  env?: Record<string, string | undefined>,
): Record<string, string>;
