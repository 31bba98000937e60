import { describe, expect, it } from 'vitest';
import { messageIdOf, readHeaderFields } from '../../../../src-main/mail/store/message-headers.ts';
import { describeFailure, MailboxMissing } from '../../../../src-main/mail/sources/imap-errors.ts';
import {
  candidateAddresses,
  routeRecipients,
} from '../../../../src-main/mail/sources/recipient-routing.ts';
import { openSecret, plainSecretBox } from '../../../../src-main/mail/sources/secret-box.ts';

const raw = (lines: string[], body = 'body'): Buffer =>
  Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}\r\n`, 'latin1');

describe('message headers', () => {
  it('reads the top block only, names lower-cased, folded lines joined', () => {
    const fields = readHeaderFields(
      raw(['Subject: a', '\tlong one', 'X-Original-To: A@B.test'], 'To: not@header.test'),
    );
    expect(fields).toEqual([
      { name: 'subject', value: 'a long one' },
      { name: 'x-original-to', value: 'A@B.test' },
    ]);
    expect(readHeaderFields(Buffer.from('To: x@y.test\n\nTo: z@y.test\n'))).toHaveLength(1);
  });

  it('messageIdOf takes the <…> of Message-ID, or null', () => {
    expect(messageIdOf(raw(['Message-ID:  <abc@x.test> (comment)']))).toBe('<abc@x.test>');
    expect(messageIdOf(raw(['Message-ID: no brackets']))).toBeNull();
    expect(messageIdOf(raw(['Subject: none']))).toBeNull();
  });
});

describe('recipient routing', () => {
  const fields = readHeaderFields(
    raw([
      'Received: from mx by cloudflare-email.net for <alias@catch.test>; Thu, 1 Jan 2026',
      'To: List <list@lists.test>, "Me" <me+k3v@gmail.com>',
      'Cc: other@catch.test',
      'X-Forwarded-For: fwd@catch.test me@gmail.com',
      'Delivered-To: me+k3v@gmail.com',
      'X-Original-To: orig@catch.test',
      'Subject: with x@subject.test',
    ]),
  );

  it('collects candidates in the documented order: envelope headers first, To/Cc last', () => {
    expect(candidateAddresses(fields)).toEqual([
      'orig@catch.test',
      'me+k3v@gmail.com',
      'fwd@catch.test',
      'me@gmail.com',
      'alias@catch.test',
      'list@lists.test',
      'other@catch.test',
    ]);
  });

  it('routes to every unexpired lease found, once each; unknown addresses are ignored', () => {
    const leases = new Set(['me+k3v@gmail.com', 'alias@catch.test', 'other@catch.test']);
    const receiving = (email: string) => (leases.has(email) ? email : null);
    expect(routeRecipients(fields, receiving)).toEqual([
      'me+k3v@gmail.com',
      'alias@catch.test',
      'other@catch.test',
    ]);
    expect(routeRecipients(fields, () => null)).toEqual([]);
  });

  it('googlemail.com counts as gmail.com; a sub-address finds its lease', () => {
    const f = readHeaderFields(raw(['Delivered-To: me+k3v+shop@googlemail.com']));
    const receiving = (email: string) =>
      email.startsWith('me+k3v') && email.endsWith('@gmail.com') ? 'me+k3v@gmail.com' : null;
    expect(routeRecipients(f, receiving)).toEqual(['me+k3v@gmail.com']);
  });
});

describe('source failures in words', () => {
  it.each([
    [{ authenticationFailed: true, message: 'x' }, /^authentication failed/, true],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, /^certificate not trusted/, true],
    [{ code: 'ERR_TLS_CERT_ALTNAME_INVALID' }, /^certificate not trusted/, true],
    [{ code: 'ENOTFOUND' }, /^host not found$/, false],
    [{ code: 'ECONNREFUSED' }, /^connection refused$/, false],
    [{ code: 'ECONNRESET' }, /^connection lost$/, false],
    [{ code: 'CONNECT_TIMEOUT' }, /did not answer/, false],
    [new MailboxMissing('Nope'), /^mailbox missing: "Nope"/, true],
    [new Error('strange'), /^connection failed: strange$/, false],
  ])('%j', (err, text, lasting) => {
    const failure = describeFailure(err);
    expect(failure.text).toMatch(text);
    expect(failure.lasting).toBe(lasting);
  });
});

describe('secret box', () => {
  it('plain round-trips; another format is refused with a sentence', () => {
    const sealed = plainSecretBox.seal('pw');
    expect(openSecret(plainSecretBox, sealed, 'plain')).toBe('pw');
    expect(() => openSecret(plainSecretBox, sealed, 'safe-storage')).toThrow(/enter it again/);
  });
});
