import { describe, expect, it } from 'vitest';
import { extractLink, rankLinks } from '../../../../src-main/mail/link-extraction/extract-link.ts';

const html = (body: string, subject = 'Confirm your email address') => ({
  subject,
  text: null,
  html: `<html><body>${body}</body></html>`,
});
const text = (body: string, subject = 'Reset your password') => ({
  subject,
  text: body,
  html: null,
});
const button = (href: string, label: string) =>
  `<table><tr><td bgcolor="#2563eb"><a href="${href}" style="color:#fff">${label}</a></td></tr></table>`;

describe('extractLink: the link to open', () => {
  it('returns the button of a confirmation mail, &amp; decoded', () => {
    const mail = html(
      '<p>Thanks for signing up. Please confirm your email address.</p>' +
        button('https://app.example.com/confirm?t=Ab12Cd34Ef&amp;u=7', 'Confirm email'),
    );
    expect(extractLink(mail)).toBe('https://app.example.com/confirm?t=Ab12Cd34Ef&u=7');
  });

  it('keeps a click-tracking redirect as the link (what the user would click)', () => {
    const href = 'https://click.mail.example.com/ls/click?upn=Zq81x0&amp;e=9';
    const mail = html('<p>Verify your account to continue.</p>' + button(href, 'Verify now'));
    expect(extractLink(mail)).toBe('https://click.mail.example.com/ls/click?upn=Zq81x0&e=9');
  });

  it('rejoins a URL wrapped over two lines in text/plain', () => {
    const url = 'https://accounts.example.com/password/reset?key=8f2e1c9a7b3d4e5f&uid=58213';
    const mail = text(
      `Use this link to reset your password:\n\n${url.slice(0, 40)}\n${url.slice(40)}\n\nThanks`,
    );
    expect(extractLink(mail)).toBe(url);
  });

  it('drops <…> and CJK brackets around a URL, and trailing sentence punctuation', () => {
    expect(
      extractLink(
        text('To choose a new password, open:\n<https://x.example/reset?k=a1b2c3d4e5>\n'),
      ),
    ).toBe('https://x.example/reset?k=a1b2c3d4e5');
    expect(
      extractLink(
        text('请点击以下链接设置新密码：【https://x.example/reset?k=a1b2c3d4e5】', '重置密码'),
      ),
    ).toBe('https://x.example/reset?k=a1b2c3d4e5');
    expect(
      extractLink(text('Reset your password here: https://x.example/reset?k=a1b2c3d4e5.')),
    ).toBe('https://x.example/reset?k=a1b2c3d4e5');
  });

  it('decodes &amp; in a text part that carries an HTML-escaped URL', () => {
    expect(
      extractLink(text('Reset your password: https://x.example/reset?k=a1b2c3d4e5&amp;l=en')),
    ).toBe('https://x.example/reset?k=a1b2c3d4e5&l=en');
  });

  it('finds the link beside a code (a mail may carry both)', () => {
    const mail = html(
      '<p>Enter this code to finish signing up: 482913</p><p>Or verify with one click: <a href="https://x.example/signup/confirm/ab12cd34ef">Verify email</a></p>',
      'Your verification code',
    );
    expect(extractLink(mail)).toBe('https://x.example/signup/confirm/ab12cd34ef');
  });

  it('approves rather than denies, and never returns the "not you? report it" link', () => {
    const mail = html(
      '<p>A sign-in was attempted from Firefox on Windows. Was it you?</p>' +
        button('https://secure.example.com/login/deny?req=Ab12Cd34Ef', 'No, block it') +
        button('https://secure.example.com/login/approve?req=Ab12Cd34Ef', 'Yes, it was me') +
        '<p><a href="https://secure.example.com/signin/report?req=1">Not you? Report it</a></p>',
      'Approve this sign-in?',
    );
    expect(extractLink(mail)).toBe('https://secure.example.com/login/approve?req=Ab12Cd34Ef');
  });

  it('prefers the one-time reset link over a generic "request a new link" page', () => {
    const mail = text(
      'Use the following link to reset your password:\n\nhttps://github.com/password_reset/8f2e1c9a7b3d\n\nTo get a new password reset link, visit: https://github.com/password_reset\n',
    );
    expect(rankLinks(mail).map((l) => l.url)).toEqual([
      'https://github.com/password_reset/8f2e1c9a7b3d',
      'https://github.com/password_reset',
    ]);
  });

  it('reads the button of an image (its alt text)', () => {
    const mail = html(
      '<p>Thanks for signing up.</p><a href="https://id.example.com/verify-email?t=Zx81kq02"><img src="https://cdn.example.com/b.png" alt="Verify your email"></a>',
    );
    expect(extractLink(mail)).toBe('https://id.example.com/verify-email?t=Zx81kq02');
  });

  it('returns the href, not a different URL written as the link text', () => {
    const mail = html(
      '<p>Please verify your account by clicking <a href="https://accounts.bank.example/verify?t=7fQ2">https://www.paypal.com/verify</a></p>',
    );
    expect(extractLink(mail)).toBe('https://accounts.bank.example/verify?t=7fQ2');
  });

  it('reads a sign-up under way: "Sign up with this link" beside a sign-up code, "Create account" to finish', () => {
    // Shaped like Notion's sign-up mail: neither the subject nor the button says verify or sign in.
    const notion = {
      subject: 'Your Notion signup code is 402-118',
      text: null,
      html:
        '<p>Your signup code:</p><p>402-118</p>' +
        button(
          'https://www.notion.so/loginwithemail?state=a1&amp;token=x9Y8z7W6v5',
          'Sign up with this link',
        ),
    };
    expect(extractLink(notion)).toBe(
      'https://www.notion.so/loginwithemail?state=a1&token=x9Y8z7W6v5',
    );
    const finish = html(
      '<p>Almost there! Click below to finish signing up.</p>' +
        button('https://app.example.com/signup/complete?t=Qw12Er34Ty', 'Create account'),
      'One more step',
    );
    expect(extractLink(finish)).toBe('https://app.example.com/signup/complete?t=Qw12Er34Ty');
  });

  it('works in RTL and CJK mails', () => {
    expect(
      extractLink(
        html(
          '<div dir="rtl"><p>يرجى تأكيد بريدك الإلكتروني.</p>' +
            button('https://x.example/a?t=ab12cd34ef', 'تأكيد البريد') +
            '</div>',
          'تأكيد بريدك الإلكتروني',
        ),
      ),
    ).toBe('https://x.example/a?t=ab12cd34ef');
    expect(
      extractLink(
        html(
          '<p>下のボタンを押して、メールアドレスを確認してください。</p>' +
            button('https://x.example/b?t=ab12cd34ef', 'メールアドレスを確認'),
          'メールアドレスの確認',
        ),
      ),
    ).toBe('https://x.example/b?t=ab12cd34ef');
  });
});

describe('extractLink: never a decoy', () => {
  const decoys: [string, string][] = [
    ['unsubscribe', '<a href="https://news.example.com/u?e=1">Unsubscribe</a>'],
    [
      'list-unsubscribe URL',
      '<a href="https://example.com/unsubscribe/confirm?t=Ab12Cd34">Confirm</a>',
    ],
    ['view in browser', '<a href="https://view.example.com/?m=Ab12Cd34">View in browser</a>'],
    [
      'preferences',
      '<a href="https://example.com/email/preferences?t=Ab12">Manage email preferences</a>',
    ],
    ['privacy', '<a href="https://example.com/legal/p">Privacy Policy</a>'],
    ['terms', '<a href="https://example.com/terms">Terms of Service</a>'],
    ['help', '<a href="https://help.example.com/login">Help with signing in</a>'],
    ['social', '<a href="https://www.facebook.com/example"><img alt="Facebook"></a>'],
    [
      'app store',
      '<a href="https://apps.apple.com/app/id1"><img alt="Download on the App Store"></a>',
    ],
    ['logo home link', '<a href="https://www.example.com/"><img alt="Example" src="logo.png"></a>'],
    ['not you? report it', '<a href="https://example.com/r?t=Ab12Cd34">Not you? Report it</a>'],
  ];

  it.each(decoys)('skips the %s link', (_name, link) => {
    expect(extractLink(html(`<p>Please confirm your email address.</p>${link}`))).toBeNull();
  });

  it('does not take a tracking pixel (an image, not a link) as the link', () => {
    const mail = html(
      '<p>Please confirm your email address.</p><img src="https://click.example.com/open?confirm=1&amp;t=Ab12Cd34" width="1" height="1">',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('returns nothing for a security alert that only offers "secure your account"', () => {
    const mail = html(
      '<p>Your account was signed in to from a new device. If this was not you, secure your account now.</p>' +
        button('https://secure.example.com/account/security?src=alert', 'Secure my account') +
        '<p><a href="https://secure.example.com/report">Not you? Report it</a></p>',
      'New sign-in to your account',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('ignores a hidden verify link (the renderer hides it)', () => {
    const mail = html(
      '<p>Welcome aboard!</p><div style="display:none"><a href="https://x.example/verify?t=Ab12Cd34">Verify email</a></div>' +
        '<a href="https://x.example/dashboard">Go to dashboard</a>',
      'Welcome',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('ignores a "Sign in" link in the header of a receipt', () => {
    const mail = html(
      '<p><a href="https://shop.example/ap/signin?r=Ab12Cd34">Sign in</a> | <a href="https://shop.example/orders">Your orders</a></p><p>Thanks for your order 58213. It ships tomorrow.</p>',
      'Your order has shipped',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('returns only http(s) URLs', () => {
    const mail = html(
      '<p>Please confirm your email address.</p><a href="mailto:confirm@example.com">Confirm email</a><a href="javascript:confirm(1)">Confirm</a><a href="ftp://example.com/confirm">Confirm</a>',
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('returns null for a mail without links, and for a newsletter', () => {
    expect(extractLink(text('Your code is 482913.', 'Your code'))).toBeNull();
    expect(
      extractLink(
        html(
          '<h2>This week at Acme</h2>' +
            button('https://blog.example.com/2025/11/a1b2c3d4e5', 'Read more'),
          'This week at Acme',
        ),
      ),
    ).toBeNull();
  });

  it('does not take a newsletter\'s "Sign up" or a shop\'s "Create an account" as the link', () => {
    expect(
      extractLink(
        html(
          '<p>Our best stories this week.</p>' +
            button('https://news.example.com/signup?ref=a1b2c3d4e5', 'Sign up for our newsletter'),
          'Weekly news',
        ),
      ),
    ).toBeNull();
    expect(
      extractLink(
        html(
          '<p>Thanks for your order 58213. It ships tomorrow.</p>' +
            button('https://shop.example/register?o=58213', 'Create an account'),
          'Your order has shipped',
        ),
      ),
    ).toBeNull();
  });

  it('stays bounded on a mail with thousands of links', () => {
    const many = '<a href="https://x.example/p/1">Read</a>'.repeat(5000);
    const mail = html(`<p>Please confirm your email address.</p>${many}`);
    expect(extractLink(mail)).toBeNull();
  });
});

describe('extractLink: never visible text, never this computer or the LAN (issue 36)', () => {
  const intro = '<p>Thanks for signing up. Please confirm your email address.</p>';
  const url = 'https://evil.example/confirm?t=Ab12Cd34Ef';

  it('an anchor without href is no link, and its text is not one either', () => {
    expect(extractLink(html(`${intro}<p><a name="x">${url}</a></p>`))).toBeNull();
    expect(extractLink(html(`${intro}<p><a href="#">${url}</a></p>`))).toBeNull();
  });

  it('past the anchors it can know, no text URL is read', () => {
    const many = Array.from({ length: 200 }, (_, i) => `<a href="https://n.example/${i}">${i}</a>`);
    const mail = html(`${many.join(' ')}${intro}<p><a>${url}</a> <a href="">${url}</a></p>`);
    expect(extractLink(mail)).toBeNull();
  });

  it.each([
    'http://127.0.0.1/confirm?t=Ab12Cd34Ef',
    'http://127.1/confirm?t=Ab12Cd34Ef',
    'http://0x7f000001/confirm?t=Ab12Cd34Ef',
    'http://10.0.0.8/confirm?t=Ab12Cd34Ef',
    'http://172.16.4.2/confirm?t=Ab12Cd34Ef',
    'https://192.168.1.1/confirm?t=Ab12Cd34Ef',
    'http://169.254.169.254/confirm?t=Ab12Cd34Ef',
    'http://[::1]:8787/confirm?t=Ab12Cd34Ef',
    'http://[fd00::1]/confirm?t=Ab12Cd34Ef',
    'http://[::ffff:127.0.0.1]/confirm?t=Ab12Cd34Ef',
    'http://localhost:8787/confirm?t=Ab12Cd34Ef',
    'http://app.localhost/confirm?t=Ab12Cd34Ef',
    'http://router/confirm?t=Ab12Cd34Ef',
    'http://nas.local/confirm?t=Ab12Cd34Ef',
  ])('%s is never the link', (href) => {
    expect(extractLink(html(`${intro}${button(href, 'Confirm email')}`))).toBeNull();
    expect(extractLink(text(`Reset your password here:\n${href}`))).toBeNull();
  });

  it('a public address in the same mail still is', () => {
    const href = 'https://8.8.8.8/confirm?t=Ab12Cd34Ef';
    expect(extractLink(html(`${intro}${button(href, 'Confirm email')}`))).toBe(href);
  });
});
