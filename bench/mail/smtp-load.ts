import { runWorker } from './worker-boot.ts';
import type { SmtpLoadPlan, SmtpLoadStats } from './smtp-load-plan.ts';

/** Runs one SMTP load plan in a fresh worker thread. */
export function runSmtpLoad(plan: SmtpLoadPlan): Promise<SmtpLoadStats> {
  return runWorker(new URL('./smtp-load-worker.ts', import.meta.url), plan);
}
