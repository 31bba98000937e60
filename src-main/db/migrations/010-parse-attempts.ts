import type { Migration } from './migration.ts';

/**
 * Issue 36: a message whose parsing killed the process was parsed again at every start, so the
 * app crashed at every start. `attempts` counts the parses begun (committed before the parse
 * starts), so one that never finished is still counted after a crash; at the limit the message
 * is stored unparsed without being parsed again. `parse_error` says why a mail is shown as its
 * raw text (null for a parsed mail, and for every mail stored before this step).
 */
export const parseAttempts: Migration = {
  version: 10,
  name: 'parse-attempts',
  sql: `
    ALTER TABLE mail_pending ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE mail_messages ADD COLUMN parse_error TEXT;
  `,
};
