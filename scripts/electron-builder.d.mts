/** Types of scripts/electron-builder.mjs, for the unit tests. */
export function signingArgs(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[];
