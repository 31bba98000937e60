/**
 * What a mail asks of its reader, decided once per mail from its subject and body, with the
 * code extractor's own vocabulary where it already has one:
 * - `subjectAction`: the subject names an action (verify, reset, sign in, approve…);
 * - `notice`: the subject reports something done (an order, a shipment, an invitation), or the
 *   mail is a receipt or a booking by the code extractor's whole-mail cues
 *   (code-extraction/labels.ts `mailContext`, the same cues that make it read "authorization
 *   code" as a bank's number and "confirmation code" as a booking reference);
 * - `code`: the mail announces a verification code by the code extractor's strong labels
 *   (`announcesCode`): the code is what it asks to use, so a link there must say what it does.
 * The link is then chosen by role (extract-link.ts): a notice keeps it null unless a link says
 * in words that it does the action.
 */

import { announcesCode, mailContext } from '../code-extraction/labels.ts';
import { normalizeText } from '../code-extraction/normalize.ts';
import { renderingOf, type MailParts } from '../html-text/mail-rendering.ts';
import { PASSWORD } from './choice.ts';
import { ACTION, NOTICE } from './keywords/index.ts';
import { MAX_TEXT_CHARS } from './limits.ts';

export interface MailIntent {
  readonly subjectAction: boolean;
  /** The subject names the password (a reset the reader asked for, not an alert). */
  readonly subjectPassword: boolean;
  readonly notice: boolean;
  readonly code: boolean;
}

/** The intent of `mail`; `notice` and `code` are worked out only when a rule asks. */
export function mailIntent(mail: MailParts): MailIntent {
  const subject = normalizeText(mail.subject ?? '').normalize('NFKC');
  let texts: string[] | null = null;
  const bodyTexts = (): string[] => {
    if (texts) return texts;
    texts = [subject];
    if (mail.text) texts.push(normalizeText(mail.text.slice(0, MAX_TEXT_CHARS)));
    const rendered = mail.html ? renderingOf(mail) : null;
    if (rendered) texts.push(rendered.text);
    return texts;
  };
  let notice: boolean | null = null;
  let code: boolean | null = null;
  return {
    subjectAction: ACTION.test(subject),
    subjectPassword: PASSWORD.test(subject),
    get notice() {
      if (notice === null) {
        const context = mailContext(bodyTexts());
        notice = NOTICE.test(subject) || context.receipt || context.travel;
      }
      return notice;
    },
    get code() {
      if (code === null) {
        const context = mailContext(bodyTexts());
        code = bodyTexts().some((t) => announcesCode(t, context));
      }
      return code;
    },
  };
}
