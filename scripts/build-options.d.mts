import type { BuildOptions } from 'esbuild';

export const mainBuild: BuildOptions;
export const workerBuild: BuildOptions;
export const preloadBuild: BuildOptions;
export const MAIN_EXTERNALS: string[];
export const PARSE_WORKER_SHA256_NAME: string;
