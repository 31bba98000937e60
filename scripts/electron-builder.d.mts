/** Types of scripts/electron-builder.mjs, for the unit tests. */
export function signingEnv(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function signingArgs(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[];
export function nativeAddonArgs(env: NodeJS.ProcessEnv): string[];
export function builderRuns(
  platform: NodeJS.Platform,
  args: string[],
  config: Record<string, unknown>,
  output?: string,
): { args: string[]; output: string | null }[];
