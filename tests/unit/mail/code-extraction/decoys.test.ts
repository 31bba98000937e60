import { describe, expect, it } from 'vitest';
import { findDecoySpans } from '../../../../src-main/mail/code-extraction/decoys.ts';

/** The decoy spans of `text`, as the text they cover. */
const decoys = (text: string): string[] =>
  findDecoySpans(text).map((s) => text.slice(s.start, s.end));

/** Some decoy span covers the whole of `part`. */
function covered(text: string, part: string): boolean {
  const at = text.indexOf(part);
  return findDecoySpans(text).some((s) => s.start <= at && at + part.length <= s.end);
}

describe('findDecoySpans', () => {
  it.each([
    // dates and years
    ['May 12, 2024', '2024'],
    ['12 de maio de 2024', '2024'],
    ['12. Mai 2024', '2024'],
    ['12 мая 2024', '2024'],
    ['2024年5月12日', '2024'],
    ['2024년 5월 14일', '2024'],
    ['© 1996-2024 Amazon', '1996-2024'],
    ['Copyright 2024', '2024'],
    ['2024 г.', '2024'],
    // times
    ['at 3:45 PM', '3:45 PM'],
    ['at 9 am', '9 am'],
    ['um 10 Uhr', '10 Uhr'],
    ['à 14h30', '14h30'],
    ['18時22分', '18時22分'],
    // money
    ['$1,299.00', '1,299'],
    ['R$ 1.249,90', '1.249'],
    ['1 250,00 ₽', '1 250,00'],
    ['3490 ₽', '3490'],
    ['4980円', '4980'],
    ['45000원', '45000'],
    ['EUR 2500', '2500'],
    ['2500 EUR', '2500'],
    ['1500 reais', '1500'],
    // phones
    ['+49 30 1234 5678', '1234 5678'],
    ['(415) 555-0132', '555-0132'],
    ['415.555.0132', '415.555.0132'],
    ['03-1234-5678', '1234-5678'],
    ['0800 591 2117', '591 2117'],
    ['400-820-8820', '820-8820'],
    ['1588-3820', '1588-3820'],
    ['09 69 32 15 15', '69 32 15 15'],
    // postal codes and addresses
    ['San Francisco, CA 94107', '94107'],
    ['Surry Hills NSW 2010', '2010'],
    ['〒150-0002', '150-0002'],
    ['CEP 01310-100', '01310-100'],
    ['London SW1A 1AA', 'SW1A 1AA'],
    ['Singapore 048583', '048583'],
    ['Hauptstraße 12, 80331 München', '80331 München'],
    ['75008 Paris', '75008'],
    ['2474 Walnut Street', '2474'],
    ['Rua Augusta, 1500', '1500'],
    // registry numbers, card tails, units, versions
    ['Amtsgericht München HRB 123456', '123456'],
    ['SIRET 552 081 317 01234', '552 081 317 01234'],
    ['CNPJ 12.345.678/0001-90', '12.345.678/0001-90'],
    ['사업자등록번호 120-81-47521', '120-81-47521'],
    ['沪ICP备13002172号', '13002172'],
    ['**** 4417', '4417'],
    ['xxxx1234', '1234'],
    ['10000 mAh', '10000'],
    ['1440 minutes', '1440'],
    ['5分钟', '5分钟'],
    ['Chrome 124', '124'],
    ['Windows 11', '11'],
    ['Version 2024', '2024'],
  ])('covers %s', (text, part) => {
    expect(covered(text, part)).toBe(true);
  });

  it.each([
    'Your code: 482913',
    'Your code: 482 913',
    'Code 4821 expires soon',
    'Seu código é 4821 em nosso app',
    'Use 482913 as your verification code',
    'Enter 4821 in the app',
    'Verification code: 7316 0482',
    '인증번호 482913를 입력',
    '认证码 482913，请勿泄露',
  ])('leaves the code alone in "%s"', (text) => {
    expect(decoys(text).filter((d) => /\d{4}/.test(d))).toEqual([]);
  });
});
