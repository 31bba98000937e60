/** Types of scripts/native-abi.mjs, for the unit tests. */
export type NativeRuntime = 'node' | 'electron';

export interface AddonInfo {
  abi: string | null;
  arch: string | null;
}

export interface NativeTarget {
  runtime: NativeRuntime;
  version: string;
  abi: string | null;
  arch: string;
}

export interface NativeMarker {
  runtime: NativeRuntime;
  version: string;
  abi: string | null;
  arch: string;
}

export type NativeDecision =
  | { action: 'none'; reason: string }
  | { action: 'rebuild'; runtime: NativeRuntime; reason: string };

export function readAddonInfo(bytes: Buffer): AddonInfo;

export function decideNativeBuild(input: {
  target: NativeTarget;
  built: AddonInfo | null;
  marker: NativeMarker | null;
}): NativeDecision;

export function packedAddonProblem(input: {
  expected: NativeTarget;
  built: AddonInfo | null;
}): string | null;
