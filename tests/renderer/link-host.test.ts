import { describe, expect, it } from 'vitest';
import {
  hostWarning,
  imitatedHost,
  linkHost,
  mismatchedHost,
  namedOtherHost,
} from '../../src-renderer/features/mail/link-host.ts';

describe("the UI's link host and host warning (issue 19)", () => {
  it('shows the host a link opens, and nothing for a non-http(s) link', () => {
    expect(linkHost('https://accounts.example.com/verify?t=1')).toBe('accounts.example.com');
    expect(linkHost('http://127.0.0.1:8080/x')).toBe('127.0.0.1:8080');
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost('not a url')).toBeNull();
  });

  it('warns when the text names another host than the URL goes to', () => {
    const url = 'https://accounts.bank.example/verify?t=7fQ2';
    expect(namedOtherHost(url, 'https://www.paypal.com/verify')).toBe('paypal.com');
    expect(namedOtherHost(url, 'www.paypal.com')).toBe('paypal.com');
    expect(namedOtherHost(url, 'paypal.com')).toBe('paypal.com');
  });

  it('stays quiet for the same site, a subdomain, plain words or an address in a sentence', () => {
    const url = 'https://accounts.example.com/verify';
    expect(namedOtherHost(url, 'https://example.com/verify')).toBeNull();
    expect(namedOtherHost(url, 'www.accounts.example.com')).toBeNull();
    expect(namedOtherHost(url, 'Confirm email')).toBeNull();
    expect(namedOtherHost(url, 'Sent to sam@other.example, confirm it')).toBeNull();
  });

  it('checks only the anchors that go to the link', () => {
    const url = 'https://accounts.bank.example/verify?t=7fQ2';
    expect(
      mismatchedHost(url, [
        { href: 'https://help.bank.example/', text: 'www.paypal.com' },
        { href: url, text: 'Verify' },
      ]),
    ).toBeNull();
    expect(mismatchedHost(url, [{ href: ` ${url}`, text: 'https://paypal.com/verify' }])).toEqual({
      kind: 'other',
      named: 'paypal.com',
    });
  });
});

describe('the host warning cannot be fooled (issue 36)', () => {
  const url = 'https://accounts.bank.example/verify?t=7fQ2';

  it('reads an href with a line break or tab inside as the server does', () => {
    for (const href of [
      'https://accounts.bank.example/ver\nify?t=7fQ2',
      'https://accounts.bank.example/verify?t=\t7fQ2',
      '\r\nhttps://accounts.bank.\texample/verify?t=7fQ2\n',
    ]) {
      expect(mismatchedHost(url, [{ href, text: 'https://www.paypal.com/verify' }])).toEqual({
        kind: 'other',
        named: 'paypal.com',
      });
    }
  });

  it('sees through zero-width and bidi characters, and full-width letters', () => {
    expect(hostWarning(url, 'pay\u200bpal.com')).toEqual({ kind: 'other', named: 'paypal.com' });
    expect(hostWarning(url, 'www.pay\u200dpal\u2060.com/login')).toEqual({
      kind: 'other',
      named: 'paypal.com',
    });
    expect(hostWarning(url, '\u202epaypal.com')).toEqual({ kind: 'other', named: 'paypal.com' });
    expect(hostWarning(url, 'ｐａｙｐａｌ.com')).toEqual({ kind: 'other', named: 'paypal.com' });
  });

  it('warns on Cyrillic and Greek look-alikes, even when the link opens that very name', () => {
    expect(hostWarning(url, 'p\u0430ypal.com')).toEqual({ kind: 'lookalike', named: 'paypal.com' });
    expect(hostWarning(url, '\u0440\u0430\u0443\u0440\u0430l.com')).toEqual({
      kind: 'lookalike',
      named: 'paypal.com',
    });
    expect(hostWarning(url, 'https://g\u03bf\u03bfgle.com/')).toEqual({
      kind: 'lookalike',
      named: 'google.com',
    });
    // The link goes to the homograph itself (punycode): the text still imitates paypal.com.
    expect(hostWarning('https://xn--pypal-4ve.com/', 'p\u0430ypal.com')).toEqual({
      kind: 'lookalike',
      named: 'paypal.com',
    });
  });

  it('warns when the link opens a look-alike of the name written (paypa1.com)', () => {
    expect(hostWarning('https://paypa1.com/login', 'paypal.com')).toEqual({
      kind: 'lookalike',
      named: 'paypal.com',
    });
  });

  it('stays quiet for a name in one non-Latin script and for the same site', () => {
    expect(hostWarning('https://xn--80a1acny.xn--p1ai/', 'почта.рф')).toBeNull();
    expect(hostWarning('https://accounts.example.com/', 'ex\u200bample.com')).toBeNull();
  });

  it('warns when the host the link opens is an IDN that reads as an ASCII name', () => {
    const homograph = 'https://xn--pypal-4ve.com/verify?t=1';
    expect(imitatedHost(homograph)).toBe('paypal.com');
    expect(mismatchedHost(homograph, [{ href: homograph, text: 'Verify your account' }])).toEqual({
      kind: 'lookalike-host',
      named: 'paypal.com',
    });
    expect(imitatedHost('https://xn--80a1acny.xn--p1ai/')).toBeNull();
    expect(imitatedHost('https://xn--bcher-kva.de/')).toBeNull();
    expect(imitatedHost('https://accounts.bank.example/')).toBeNull();
  });
});
