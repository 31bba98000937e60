import { describe, expect, it } from 'vitest';
import {
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
    expect(mismatchedHost(url, [{ href: ` ${url}`, text: 'https://paypal.com/verify' }])).toBe(
      'paypal.com',
    );
  });
});
