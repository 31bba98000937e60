import { describe, expect, it } from 'vitest';
import { isRemedy, lastSentence } from '../../../../src-main/mail/link-extraction/sentences.ts';
import { urlFacts } from '../../../../src-main/mail/link-extraction/url-rules.ts';

describe('lastSentence: the sentence that introduces a link', () => {
  it('reads across the line breaks of wrapped plain text, not across a blank line', () => {
    expect(lastSentence('You signed in. If not, change your\npassword now.\n\n')).toBe(
      'If not, change your password now',
    );
    expect(lastSentence('If not, change it.\n\nReset it here:')).toBe('Reset it here');
    expect(lastSentence('如果不是您本人，请立即修改密码。')).toBe('如果不是您本人，请立即修改密码');
  });
});

describe('isRemedy: what to do if the reader did not do something', () => {
  it('is the way out of a notice, in several languages', () => {
    expect(isRemedy('If not, change your password now')).toBe(true);
    expect(isRemedy('If you did not sign in, reset your password immediately')).toBe(true);
    expect(isRemedy('Falls nicht, setzen Sie Ihr Passwort sofort zurück')).toBe(true);
    expect(isRemedy('Nếu không, hãy đổi mật khẩu ngay')).toBe(true);
    expect(isRemedy('お心当たりがない場合は、パスワードを変更してください')).toBe(true);
  });

  it('is not a sentence that asks to act, nor one that says to ignore the mail', () => {
    expect(isRemedy('If this was you, click the link below to verify your email address')).toBe(
      false,
    );
    expect(isRemedy("If the button doesn't work, copy this URL into your browser")).toBe(false);
    expect(isRemedy('Jeśli to nie Ty, zignoruj tę wiadomość')).toBe(false);
    expect(isRemedy("If this wasn't you, you can ignore this email")).toBe(false);
  });
});

describe('urlFacts: what an address says by itself', () => {
  it('reads words outside random tokens, which may spell "otp" or "auth"', () => {
    expect(urlFacts('https://links.example/ss/c/Xa9OtPq81Zk2Lm4Nb7').action).toBe(false);
    expect(urlFacts('https://x.example/api/v2-verify-email?id=7').action).toBe(true);
  });

  it('knows addresses that do the action themselves, and long tokens', () => {
    expect(urlFacts('https://x.example/login/approve?r=Ab12Cd34Ef56Gh78').strong).toBe(true);
    expect(urlFacts('https://x.example/auth/callback?state=Ab12Cd34Ef').strong).toBe(false);
    expect(urlFacts('https://x.example/l/Ab12Cd34Ef56Gh78').longToken).toBe(true);
    expect(urlFacts('https://x.example/l/Ab12Cd34Ef').longToken).toBe(false);
  });
});
