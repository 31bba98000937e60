import { videoTasks } from './001-video-tasks.ts';
import { mail } from './002-mail.ts';
import { mailRaw } from './003-mail-raw.ts';
import { mailControl } from './004-mail-control.ts';
import { mailSources } from './005-mail-sources.ts';
import { webhooks } from './006-webhooks.ts';
import { mailLink } from './007-mail-link.ts';
import type { Migration } from './migration.ts';
import { taskDiagnostics } from './008-task-diagnostics.ts';
import { searchIndexLag } from './009-search-index-lag.ts';
import { parseAttempts } from './010-parse-attempts.ts';
import { appSecrets } from './011-app-secrets.ts';
import { searchCjk } from './012-search-cjk.ts';
import { sourceOAuth } from './013-source-oauth.ts';

/**
 * Every migration in ascending `version`; `user_version` records the last one run. Versions
 * need not be contiguous (a step runs when its version is above the stored one), but a step
 * must never be inserted below a version already released.
 */
export const MIGRATIONS: readonly Migration[] = [
  videoTasks,
  mail,
  mailRaw,
  mailControl,
  mailSources,
  webhooks,
  mailLink,
  taskDiagnostics,
  searchIndexLag,
  parseAttempts,
  appSecrets,
  searchCjk,
  sourceOAuth,
];
