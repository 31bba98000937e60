/**
 * Two buttons side by side with no words between are a choice: "Yes, it was me" / "No, secure
 * my account", "Approve sign-in" / "Deny". A sentence before the pair that says what to do if
 * the reader did NOT do it ("If not, choose No and we'll lock your account") names the second
 * button, not the first, so the first, the affirmative, is not vetoed by it. The second is the
 * refusal: a label that opens with the answer "no" in one of the 20 languages, an address that
 * denies or blocks, or a decoy label ("Secure my account").
 *
 * "Change your password" / "Security settings" is not such a pair: a password change offered
 * by a mail whose subject does not ask for one is an alert's remedy (see PASSWORD).
 */

import { DECOY } from './keywords/index.ts';
import type { LinkCandidate } from './types.ts';

/**
 * A label that is the answer "no" (the closed class of answer words, not a phrase list): the
 * word alone or followed by a comma ("No, it wasn't me", "いいえ、私ではありません"), so a line
 * like "No need to worry, click below" is not one.
 */
const NO_START =
  /^\s*(?:no|nein|non|não|nao|нет|nee|nej|ei|nie|hayır|hayir|tidak|không|不|否|いいえ|아니요|아니오|아니|لا|خیر|نه|לא)\s*(?:$|[,،、，:!.!])/iu;

/** The word "password" in the 20 languages: what an alert's remedy link changes. */
export const PASSWORD =
  /password|passwort|mot de passe|contraseña|senha|palavra-passe|пароль|парол|wachtwoord|lösenord|salasana|hasł|şifre|kata sandi|mật khẩu|密码|密碼|パスワード|비밀번호|كلمة (?:ال)?مرور|رمز عبور|گذرواژه|סיסמ/iu;

/** Addresses that refuse or block what the mail asks (also behind an encoded redirect). */
const REFUSAL_URL = /deny|reject|decline|block|not-?me/i;

export const isNo = (label: string): boolean => NO_START.test(label);

/** How the first button of a pair relates to the second. */
export type ChoiceRole = 'affirmative' | 'answered';

/**
 * The role of each candidate that opens a yes/no choice, by index: 'answered' when the second
 * button is an explicit "no" (by its answer word or its address), 'affirmative' when it is only
 * a decoy. Both exempt the first from its sentence's remedy veto; 'answered' also makes it the
 * link by role when no link is accepted by words.
 */
export function choiceRoles(links: readonly LinkCandidate[]): Map<number, ChoiceRole> {
  const roles = new Map<number, ChoiceRole>();
  for (let i = 0; i + 1 < links.length; i++) {
    const yes = links[i] as LinkCandidate;
    const no = links[i + 1] as LinkCandidate;
    if (!no.paired || !yes.button || !no.button || yes.url === no.url) continue;
    if (DECOY.test(yes.label) || isNo(yes.label) || PASSWORD.test(yes.label)) continue;
    const refuses = isNo(no.label) || REFUSAL_URL.test(no.url.replace(/[A-Za-z0-9_-]{16,}/g, '~'));
    if (refuses) roles.set(i, 'answered');
    else if (DECOY.test(no.label)) roles.set(i, 'affirmative');
  }
  return roles;
}
