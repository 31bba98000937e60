import { describe, expect, it } from 'vitest';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';

const text = (body: string, subject: string | null = null): string | null =>
  extractCode({ subject, text: body, html: null });

describe('extractCode: a label sentence that names an identifier before the code', () => {
  it('reads the code after "lautet:" past an IBAN and an amount', () => {
    expect(
      text(
        'Ihre mobileTAN für die Überweisung von 250,00 EUR an IBAN DE89 3704 0044 0532 0130 00 lautet: 735 016',
      ),
    ).toBe('735016');
    expect(text('Your code for account 0812 3456 7812 is 482913.')).toBe('482913');
  });

  it('still lets an identifier claim its own number', () => {
    expect(text('Ihre TAN wurde gesendet. IBAN DE89 3704 0044 0532 0130 00 lautet: 735016')).toBe(
      null,
    );
    expect(text('Your verification code was sent. Order number: 58213940')).toBeNull();
  });
});

describe('extractCode: nine digits in threes', () => {
  it('reads 418-205-937 and 418 205 937 right after their label', () => {
    expect(text("Here's your one-time PIN: 418-205-937\n\nIt works once.")).toBe('418205937');
    expect(text('Ihr Bestätigungscode: 418 205 937')).toBe('418205937');
  });

  it('leaves a nine-digit phone number in threes alone', () => {
    expect(
      text('Tu código ya no es válido. Llámanos al 612 345 678 si necesitas ayuda.'),
    ).toBeNull();
    expect(text('Your one-time PIN was sent to 612-345-678 a minute ago.')).toBeNull();
  });
});

describe('extractCode: the code first, the label as the predicate', () => {
  it('reads Turkish "<code> <brand> doğrulama kodunuzdur"', () => {
    expect(text('749205 Getir doğrulama kodunuzdur. Kimseyle paylaşmayınız.')).toBe('749205');
    expect(text('482913 Trendyol giriş şifrenizdir.')).toBe('482913');
  });

  it('reads Japanese and Korean "<code> … code です/입니다"', () => {
    expect(text('482913 Amazonの確認コードです。')).toBe('482913');
    expect(text('[Web발신] 482913 카카오 인증번호입니다.')).toBe('482913');
  });

  it('does not take an identifier number before the predicate', () => {
    expect(text('58213940 sipariş numaralı kargonuzun teslim kodudur.')).toBeNull();
  });
});

describe('extractCode: words real mail uses', () => {
  it.each([
    ['Microsoft-tilin suojauskoodi: 482913', '482913'],
    ['Din verifikationskod är 482913', '482913'],
    ['Ihr Einmal-Passwort: 482913', '482913'],
    ['ワンタイム パスワード：482913', '482913'],
    ['OTP번호 [482913]을 입력해 주세요', '482913'],
  ])('reads "%s"', (body, code) => {
    expect(text(body)).toBe(code);
  });

  it('reads an order ("Bestellung", "kargo takip kodunuz") as an identifier', () => {
    expect(text('Zugangscode für Ihre Bestellung 58213940 lautet: 482913')).toBe('482913');
    expect(text('Sipariş numaranız: 482913. Kargo takip kodunuz: 58213940')).toBeNull();
  });

  it('keeps a bare colon from explaining away an order number', () => {
    expect(text('Your code for order 58213940 is ready for pickup: 482913')).toBeNull();
  });
});
