import { describe, expect, it } from 'vitest';
import { findLabels, mailContext } from '../../../../src-main/mail/code-extraction/labels.ts';
import { maskNoise } from '../../../../src-main/mail/code-extraction/mask.ts';
import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';
import { loadCorpus } from './corpus-loader.ts';

const plain = mailContext(['']);

/** Positive labels as "weight:phrase", negative ones as "-phrase". */
function labels(text: string, context = mailContext([text])): string[] {
  return findLabels(text, context).map((l) =>
    l.negative ? `-${text.slice(l.start, l.end)}` : `${l.weight}:${text.slice(l.start, l.end)}`,
  );
}

const strongest = (text: string): number =>
  Math.max(
    0,
    ...findLabels(text, plain)
      .filter((l) => !l.negative)
      .map((l) => l.weight),
  );

describe('findLabels: code labels', () => {
  it.each([
    'verification code',
    'Security code',
    'sign-in code',
    'two-factor security code',
    'one-time password',
    'OTP',
    'TAN',
    'Bestätigungscode',
    'Einmalkennwort',
    'code de vérification',
    "code d'accès",
    'mot de passe à usage unique',
    'código de verificación',
    'código de segurança',
    'clave de acceso',
    'senha temporária',
    'код подтверждения',
    'одноразовый пароль',
    '验证码',
    '驗證碼',
    '动态密码',
    '認証コード',
    'ワンタイムパスワード',
    '인증번호',
    '인증 코드',
    // Words real mail uses that the lists missed (issue 12, second held-out set).
    'suojauskoodi',
    'varmistuskoodi',
    'todennuskoodi',
    'verifikationskod',
    'kontrollkod',
    'Einmal-Passwort',
    'ワンタイム パスワード',
    'ワンタイムコード',
    'OTP번호',
    'OTP 코드',
  ])('reads "%s" as a strong code label', (phrase) => {
    expect(strongest(`x ${phrase} y`)).toBe(1);
  });

  it.each(['code', 'Code', 'código', 'код'])('reads the bare word "%s" as a code label', (word) => {
    expect(strongest(`Your ${word}: `)).toBeGreaterThanOrEqual(0.8);
  });

  it.each([
    ['enter', 'Enter 4821 in the app'],
    ['入力', '以下の数字を入力してください'],
    ['입력', '482913을 입력하세요'],
  ])('reads the entry verb "%s" as a weak label', (_verb, text) => {
    expect(strongest(text)).toBe(0.6);
  });

  it('does not read "code" inside longer words', () => {
    expect(labels('barcode unicode Xcode encoded').filter((l) => !l.startsWith('-'))).toEqual([]);
  });
});

describe('findLabels: identifier labels', () => {
  it.each([
    ['promo code', 'Use promo code SAVE20'],
    ['postal code', 'postal code 94107'],
    ['QR code', 'Scan the QR code'],
    ['code promo', 'avec le code promo PRINTEMPS15'],
    ['código postal', 'código postal 28013'],
    ['código de rastreio', 'código de rastreio QB123456789BR'],
    ['Gutscheincode', 'Gutscheincode SOMMER24'],
    ['промокод', 'Промокод VESNA15'],
    ['优惠码', '输入优惠码 SALE618'],
    ['クーポンコード', 'クーポンコード：SPRING10'],
    ['쿠폰 코드', '쿠폰 코드 WEEKEND20'],
  ])('reads "%s" as an identifier, not a code label', (_phrase, text) => {
    const found = findLabels(text, plain);
    expect(found.some((l) => l.negative)).toBe(true);
    expect(found.filter((l) => !l.negative && l.weight >= 0.8)).toEqual([]);
  });

  it.each([
    'Order number',
    'Tracking number',
    'Invoice',
    'Bestellnummer',
    'Kundennummer',
    'numéro de commande',
    'Número de pedido',
    'Заказ',
    '订单号',
    '注文番号',
    '주문번호',
    '고객센터',
    'call us at',
    'ending in',
    'Endziffer',
    '尾号',
  ])('reads "%s" as an identifier label', (phrase) => {
    expect(labels(`x ${phrase} 1`)).toContain(`-${phrase}`);
  });
});

describe('findLabels: context', () => {
  it('reads "confirmation code" as a booking reference in a travel mail', () => {
    const travel = 'Your flight is booked. Confirmation code: QX7P2M';
    expect(labels(travel).some((l) => l.startsWith('-Confirmation code'))).toBe(true);
    expect(labels('Confirmation code: 482913')).toContain('1:Confirmation code');
  });

  it('reads "passcode" as a meeting password in a meeting invitation', () => {
    const meeting = 'Join Zoom Meeting\nMeeting ID: 812 3456 7890\nPasscode: 827364';
    expect(labels(meeting)).toContain('-Passcode');
    expect(labels('Your passcode: 827364')).toContain('1:passcode');
  });

  it('reads "authorization code" as the bank approval on a receipt', () => {
    expect(labels('Total $28.12\nAuthorization code: 048213')).toContain('-Authorization code');
    expect(labels('Your authorization code: 048213')).toContain('1:authorization code');
  });
});

describe('findLabels: gating', () => {
  it('finds exactly the same labels with and without the anchor gate over the corpus', () => {
    let compared = 0;
    for (const mail of loadCorpus()) {
      const texts = readSources(mail).map((s) => maskNoise(s.text));
      const context = mailContext(texts);
      for (const t of texts) {
        expect(findLabels(t, context, undefined, true)).toEqual(
          findLabels(t, context, undefined, false),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
