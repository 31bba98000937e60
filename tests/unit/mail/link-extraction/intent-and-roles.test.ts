import { describe, expect, it } from 'vitest';
import { extractLink } from '../../../../src-main/mail/link-extraction/extract-link.ts';

/** The categories of issue 35, each on a mail the issue-19 rules answered wrong. */

const button = (href: string, label: string) =>
  `<table><tr><td bgcolor="#1a73e8"><a href="${href}" style="color:#fff">${label}</a></td></tr></table>`;
const html = (subject: string, body: string) => ({
  subject,
  text: null,
  html: `<html><body><a href="https://www.shop.example/"><img alt="Shop"></a>${body}<p><a href="https://shop.example/unsubscribe?u=1">Unsubscribe</a></p></body></html>`,
});
const text = (subject: string, body: string) => ({ subject, text: body, html: null });

describe('links offered where there is nothing to confirm', () => {
  it('an order confirmation whose "view your order" goes through a sign-in URL', () => {
    const mail = html(
      'Order confirmation #1042-7731',
      '<p>Thanks for your order! Sign in to your account to see its status.</p>' +
        button(
          'https://shop.example/account/login?next=/orders/1042&amp;t=Ab12Cd34Ef',
          'View your order',
        ),
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('a sign-in alert with "change your password" and "review your security settings"', () => {
    const mail = html(
      'New sign-in to your Notely account',
      '<p>Your account was signed in to from Firefox on Linux. If this was you, you don\u2019t need to do anything. If not, change your password now.</p>' +
        button(
          'https://accounts.notely.example/password/change?src=alert',
          'Change your password',
        ) +
        button(
          'https://accounts.notely.example/security?s=Xq81Lm02Zt',
          'Review your security settings',
        ),
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('the same alert in plain text, wrapped, and in German', () => {
    expect(
      extractLink(
        text(
          'Neue Anmeldung bei Ihrem Kontor-Konto',
          'Ihr Konto wurde gerade auf einem neuen Gerät angemeldet. Wenn Sie das waren,\nmüssen Sie nichts tun. Wenn nicht, ändern Sie jetzt Ihr\nPasswort.\n\nPasswort ändern: https://kontor.example/account/password\nSicherheitseinstellungen prüfen: https://kontor.example/account/security\n',
        ),
      ),
    ).toBeNull();
  });

  it('a security alert whose remedy is written out in full ("If you did not sign in")', () => {
    const mail = text(
      '[Quillpad] Security alert: new device signed in',
      'A new device signed in to your account from Lyon, France.\n\nIf you did not sign in, reset your password immediately:\nhttps://quillpad.example/password_reset?from=alert&t=8f2e1c9a7b\n',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('a password-changed notice with a "reset your password" link', () => {
    const mail = html(
      'Your password was changed',
      "<p>The password for your account was changed. If you didn't, reset your password right away.</p>" +
        button('https://quillpad.example/password/reset?src=changed', 'Reset your password'),
    );
    expect(extractLink(mail)).toBeNull();
  });

  it("a code-only sign-in mail with a link to the site's sign-in page", () => {
    const mail = html(
      'Your Notely sign-in code',
      '<p>Use the following code to sign in to Notely. It expires in 10 minutes.</p><p>Your verification code is 482913.</p>' +
        '<p><a href="https://notely.example/login">Notely</a></p>',
    );
    expect(extractLink(mail)).toBeNull();
  });
});

describe('links missed', () => {
  it('the one link after "please verify", whatever its text shows (a bare host name)', () => {
    const url = 'https://accounts.bank.example/verify?t=7fQ2&u=sam';
    for (const shown of ['pay\u200bpal.com', 'p\u0430ypal.com', 'here']) {
      const mail = html(
        'Verify your account',
        `<p>Please verify your account to finish signing up.</p><p><a href="${url.replace('&', '&amp;')}">${shown}</a></p>`,
      );
      expect(extractLink(mail), shown).toBe(url);
    }
  });

  it('an "approve this sign-in" / "yes, it was me" button on a short link, beside the no', () => {
    const yes = 'https://boussole.example/s/RTaB5Qbx3REmmqZY';
    const mail = html(
      'Tentative de connexion : est-ce bien vous ?',
      "<p>Nous avons détecté une tentative de connexion à votre compte. Si c'était vous, approuvez-la.</p>" +
        button(yes, "Oui, c'était moi") +
        button('https://boussole.example/s/Zk2Pq9Lm4Tx7Vb1N', 'Non, protéger mon compte'),
    );
    expect(extractLink(mail)).toBe(yes);
  });

  it('a reset link wrapped across lines with its signature cut at the wrap', () => {
    const url =
      'https://shop.example/reset-password/81a0f486a0027cdbf19880b5a9aa87725e961015?email=alex%40example.org&signature=KqZtWmXbYvRcPdLsHjNfGkQwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJkLzXcVbNm';
    const wrapped = url.match(/.{1,76}/g)?.join('\n') ?? '';
    expect(wrapped.split('\n').at(-1)).toMatch(/^[A-Za-z]+$/); // the last line has no digit
    const mail = text(
      'Reset password',
      `Someone requested a password reset for your account. Use the link below:\n\n${wrapped}\n\nIf you didn't ask for it, ignore this email.\n`,
    );
    expect(extractLink(mail)).toBe(url);
  });

  it('a mail with both a code and a verify link, in Vietnamese words the lists lacked', () => {
    const href = 'https://email.sotay.example/c/Lq7RdL7z46LClO2ZWOMq3rrfyveD1LfWF0oM';
    const mail = html(
      'Xác thực email',
      '<p>Mã xác thực của bạn là 583021.</p><p>Hoặc nhấn nút bên dưới để xác thực địa chỉ email.</p>' +
        button(href, 'Xác thực địa chỉ email'),
    );
    expect(extractLink(mail)).toBe(href);
  });

  it('a reset in European Portuguese ("palavra-passe") on a link without words', () => {
    const href = 'https://conta.example.pt/r/Ab12Cd34Ef56Gh78';
    const mail = html(
      'Repor a sua palavra-passe',
      '<p>Recebemos um pedido para repor a sua palavra-passe. Clique no botão abaixo.</p>' +
        button(href, 'Repor palavra-passe'),
    );
    expect(extractLink(mail)).toBe(href);
  });

  it('a verify link in a language without word lists, by its address and token', () => {
    const href = 'https://id.example.co.th/email/verify?token=9fA3kQ7LmZ2xWc81';
    const mail = html(
      'ยืนยันอีเมลของคุณ',
      '<p>กรุณาคลิกปุ่มด้านล่างเพื่อยืนยันที่อยู่อีเมลของคุณ</p>' + button(href, 'ยืนยันอีเมล'),
    );
    expect(extractLink(mail)).toBe(href);
  });

  it('a magic link behind a click-tracking redirect whose label no list knows', () => {
    const href = 'https://u4821903.ct.sendgrid.example/ls/click?upn=Zq81x0LmP4tW9aBc2DeF';
    const mail = html(
      'Liên kết đăng nhập Sổ Tay của bạn',
      '<p>Nhấn nút bên dưới để vào Sổ Tay. Liên kết chỉ dùng được một lần.</p>' +
        button(href, 'Vào Sổ Tay'),
    );
    expect(extractLink(mail)).toBe(href);
  });
});
