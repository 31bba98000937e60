/** Types of scripts/workflow-lint.mjs, for the unit tests. */
export const NEWER_RUNNER_LABELS: string[];
export function lintWorkflow(file: string): Promise<string[]>;
export function pipelineHazards(script: string): string[];
export function runBlocks(workflow: unknown): { where: string; script: string }[];
