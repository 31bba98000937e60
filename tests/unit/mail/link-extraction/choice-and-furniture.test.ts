import { describe, expect, it } from 'vitest';
import { extractLink } from '../../../../src-main/mail/link-extraction/extract-link.ts';

/**
 * Round 2 of issue 35 (docs/link-extraction.md "Round 2"): the affirmative button of a yes/no
 * pair, the mail's own web view, alerts' settings and password links, invitations. Each case
 * was answered wrong by the extractor before these rules.
 */

const button = (href: string, label: string) =>
  `<table><tr><td bgcolor="#1a73e8"><a href="${href}" style="color:#fff">${label}</a></td></tr></table>`;
const html = (subject: string, body: string, top = '') => ({
  subject,
  text: null,
  html: `<html><body>${top}<a href="https://www.app.example/"><img alt="App"></a>${body}<p><a href="https://app.example/unsubscribe?u=1">Unsubscribe</a></p></body></html>`,
});
const sendgrid = (n: number) =>
  `https://u${n}.ct.sendgrid.net/ls/click?upn=${'Qx7Lm2Zt9Rv4Kp8Wn3Ys'.repeat(4)}-${n}`;

describe('the affirmative button of a yes/no pair', () => {
  it('is the answer even when the sentence before the pair says what to do if not', () => {
    const mail = html(
      'Jemand versucht, sich bei Kontor anzumelden',
      '<p>Wir haben eine Anfrage zur Anmeldung bei Ihrem Konto erhalten.</p><p>Waren Sie das? Wenn nicht, wählen Sie Nein und wir sichern Ihr Konto.</p>' +
        button(sendgrid(1), 'Ja, das war ich') +
        button(sendgrid(2), 'Nein, das war ich nicht'),
    );
    expect(extractLink(mail)).toBe(sendgrid(1));
  });

  it('is found by its role when no list knows its words, next to an explicit "no"', () => {
    const aws = (path: string) =>
      `https://x1y2z3.r.us-east-1.awstrack.me/L0/https:%2F%2Fapp.example%2F${path}%3Fr%3DAb12Cd34Ef56/1/0100018c-000000/Zx9Yw8Vu7=384`;
    const mail = html(
      'Someone wants to sign in to your account',
      '<p>A sign-in to your account was requested from Safari on macOS.</p>' +
        button(aws('yes'), 'Yes') +
        button(aws('no'), 'No'),
    );
    expect(extractLink(mail)).toBe(aws('yes'));
  });

  it('is not a calendar RSVP (the mail names no action)', () => {
    const mail = html(
      'Design review',
      '<p>Going?</p>' + button(sendgrid(3), 'Yes') + button(sendgrid(4), 'No'),
    );
    expect(extractLink(mail)).toBeNull();
  });

  it('keeps a line that only starts with the word "no" ("No need to worry…")', () => {
    const url = 'https://accounts.app.example/password-reset/complete?token=AQBx7rS81Lm02Zt';
    const mail = {
      subject: 'Reset your password',
      html: null,
      text: `Hi,\n\nNo need to worry, it happens. Click the link below to reset your password.\n${url}\n`,
    };
    expect(extractLink(mail)).toBe(url);
  });
});

describe('links that are never the answer', () => {
  it('the mail\u2019s own web view, by its address, in a language whose words for it are unknown', () => {
    const view = 'https://app.example/email/view/Ab12Cd34Ef56Gh78Ij90Kl12';
    const mail = html(
      'Aprueba el inicio de sesión',
      '<p>¿Fuiste tú? Si no, elige No y protegeremos tu cuenta.</p>' +
        button(sendgrid(5), 'Aprobar inicio de sesión') +
        button(sendgrid(6), 'Proteger mi cuenta'),
      `<div><a href="${view}">Abrir versión HTML</a></div>`,
    );
    expect(extractLink(mail)).toBe(sendgrid(5));
    for (const href of [
      'https://app.example/mail/9a225caa4f52a9999d0017e2?view=browser',
      'https://email.app.example/webversion/Ab12Cd34Ef56Gh78',
      'https://app.example/view-online/Ab12Cd34Ef56Gh78',
    ]) {
      const only = html('Confirm your account', '', `<a href="${href}">Öffnen</a>`);
      expect(extractLink(only), href).toBeNull();
    }
  });

  it('an alert\u2019s settings page and its "change your password", tracked or not', () => {
    const settings = html(
      'Logowanie z nowej lokalizacji',
      '<p>Na Twoje konto zalogowano się z Firefoksa na Linuksie. W przeciwnym razie zalecamy zmianę hasła.</p>' +
        button('https://app.example/account/password', 'Zmień hasło') +
        button('https://app.example/settings/security', 'Ustawienia bezpieczeństwa'),
    );
    expect(extractLink(settings)).toBeNull();
    const tracked = {
      subject: 'Kirjautuminen uudesta sijainnista',
      html: null,
      text: `Tilillesi kirjauduttiin Firefoxilla Linuxissa. Muuten suosittelemme vaihtamaan salasanasi.\n\nVaihda salasana:\n${sendgrid(7)}\n\nTurvallisuusasetukset:\n${sendgrid(8)}\n`,
    };
    expect(extractLink(tracked)).toBeNull();
  });

  it('an alert\u2019s one tracked button to its security or activity page', () => {
    for (const [subject, body, label] of [
      [
        'Kirjautuminen uudesta sijainnista',
        'Tilillesi kirjauduttiin Firefoxilla Linuxissa.',
        'Tarkista tilisi turvallisuus',
      ],
      [
        'Sign-in from a new location',
        'Your account was accessed from Firefox on Linux.',
        'Check activity',
      ],
      [
        'Logowanie z nowej lokalizacji',
        'Na Twoje konto zalogowano się z Firefoksa.',
        'Sprawdź bezpieczeństwo konta',
      ],
    ] as const) {
      expect(
        extractLink(html(subject, `<p>${body}</p>` + button(sendgrid(9), label))),
        label,
      ).toBeNull();
    }
  });

  it('an invitation whose subject does not say "invited you"', () => {
    const mail = html(
      'Invitation to Design',
      '<p>Confirm your email to join the Design workspace.</p>' +
        button('https://app.example/invite/confirm/Ab12Cd34Ef56Gh78', 'Accept invitation'),
    );
    expect(extractLink(mail)).toBeNull();
  });
});
