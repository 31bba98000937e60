import { videoTasks } from './001-video-tasks.ts';
import { mail } from './002-mail.ts';
import { mailRaw } from './003-mail-raw.ts';

/** One schema step. Steps are append-only: never edit a released one, add the next. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** Every migration in order; `user_version` records how many have run. */
export const MIGRATIONS: readonly Migration[] = [videoTasks, mail, mailRaw];
