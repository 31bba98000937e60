import type { Mail } from '../../src-shared/mail/schemas.ts';

/** One page of a listing. `more`: mails after the last one returned exist. */
export interface MailPage {
  mails: Mail[];
  /** What the mails weigh, counted in characters of their string fields. */
  bytes: number;
  more: boolean;
}

/**
 * Mails of `mails` in order until `budget` bytes would be passed (with `atLeastOne`, the first
 * is taken whatever it weighs, so a reader always moves on). They are read one at a time, so a
 * stop leaves the rest unread. `after(lastId)`: does a further mail exist?
 */
export function collectPage(
  mails: Iterable<Mail>,
  afterId: number,
  budget: number,
  atLeastOne: boolean,
  after: (lastId: number) => boolean,
): MailPage {
  const page: Mail[] = [];
  let bytes = 0;
  let cutByBudget = false;
  for (const mail of mails) {
    const weight = weighMail(mail);
    if (bytes + weight > budget && !(atLeastOne && page.length === 0)) {
      cutByBudget = true;
      break;
    }
    page.push(mail);
    bytes += weight;
  }
  const lastId = page.at(-1)?.id ?? afterId;
  return { mails: page, bytes, more: cutByBudget || after(lastId) };
}

/** What a mail weighs in a response, counted in characters: the budget's unit. */
function weighMail(mail: Mail): number {
  return (
    256 +
    (mail.subject?.length ?? 0) +
    (mail.text?.length ?? 0) +
    (mail.html?.length ?? 0) +
    (mail.from?.length ?? 0) +
    (mail.from_name?.length ?? 0) +
    mail.to.reduce((sum, a) => sum + a.length + 3, 0) +
    mail.attachments.reduce(
      (sum, a) => sum + 64 + (a.filename?.length ?? 0) + a.content_type.length,
      0,
    )
  );
}
