import type { Mail } from '../../../src-shared/mail/schemas.ts';
import { listedToMail, weighListed, type ListedMail } from './listed-mail.ts';

/** One page of a listing. `more`: mails after the last one returned exist. */
export interface Page<T> {
  mails: T[];
  /** What the mails weigh, counted in characters of their string fields. */
  bytes: number;
  more: boolean;
}

/** A page as objects (the desktop's IPC, tests). */
export type MailPage = Page<Mail>;
/** A page as listings write it out (bodies as UTF-8 bytes). */
export type ListedPage = Page<ListedMail>;

/**
 * Mails of `mails` in order until `budget` bytes would be passed (with `atLeastOne`, the first
 * is taken whatever it weighs, so a reader always moves on). They are read one at a time, so a
 * stop leaves the rest unread. `after(lastId)`: does a further mail exist?
 */
export function collectPage(
  mails: Iterable<ListedMail>,
  afterId: number,
  budget: number,
  atLeastOne: boolean,
  after: (lastId: number) => boolean,
): ListedPage {
  const page: ListedMail[] = [];
  let bytes = 0;
  let cutByBudget = false;
  for (const mail of mails) {
    const weight = weighListed(mail);
    if (bytes + weight > budget && !(atLeastOne && page.length === 0)) {
      cutByBudget = true;
      break;
    }
    page.push(mail);
    bytes += weight;
  }
  const lastId = page.at(-1)?.fields.id ?? afterId;
  return { mails: page, bytes, more: cutByBudget || after(lastId) };
}

/** The same page with its mails as objects. */
export function asMailPage(page: ListedPage): MailPage {
  return { ...page, mails: page.mails.map(listedToMail) };
}
