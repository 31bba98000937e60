import { describe, expect, it } from 'vitest';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';

const text = (body: string): string | null =>
  extractCode({ subject: null, text: body, html: null });

describe('extractCode: an identifier word that ends a code label sentence', () => {
  it.each([
    [
      'an account, code on the next line',
      'Use this verification code to sign in to your account:\n\n482913',
    ],
    [
      'an Espace Client, code on the next line',
      'Voici votre code de sécurité pour votre Espace Client :\n389568',
    ],
    [
      'an Espace Client, code on the same line',
      'Votre code de sécurité pour votre Espace Client : 389568',
    ],
  ])('takes the code after %s', (_name, body) => {
    expect(text(body)).toBe(body.slice(-6));
  });

  it.each([
    ['an identifier that names a number', 'Verification code for customer number: 4471029'],
    [
      'an identifier in a sentence of its own',
      'Your verification code has been sent. Customer number:\n4471029',
    ],
    [
      'an identifier followed by its number alone',
      'Your security code was requested for account 58213094.',
    ],
  ])('still skips the number after %s', (_name, body) => {
    expect(text(body)).toBeNull();
  });
});
