/** Types of scripts/layer-map.mjs, for eslint.config.js and the tests. */
import type { Rule } from 'eslint';

export interface Layer {
  name: string;
  /** `dir/` = everything under it; `dir/*.ts` = the files directly in it; `dir/file.ts`. */
  folders: string[];
  /** The layers it may import besides itself (`name-*` expanded). */
  mayImport: string[];
}

export function parseLayerMap(markdown?: string): Layer[];
export function layerOf(relPath: string): string | null;
export function mayImport(from: string, to: string): boolean;
export function layerViolation(file: string, specifier: string): string | null;
export const layerImportsRule: Rule.RuleModule;
