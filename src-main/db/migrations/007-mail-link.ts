import type { Migration } from './migration.ts';

/**
 * The link to open of each received mail (issue 19), found by the parse worker beside `code`.
 * Mails stored before this step keep NULL: they are not re-read (docs/decisions.md, "The link
 * to click": temporary mail is swept within a day of its lease, so a backfill would serve
 * mail that is about to go, at the cost of re-parsing every stored body at start-up).
 */
export const mailLink: Migration = {
  version: 7,
  name: 'mail-link',
  sql: `ALTER TABLE mail_messages ADD COLUMN link TEXT;`,
};
