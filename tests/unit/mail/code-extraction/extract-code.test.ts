import { describe, expect, it } from 'vitest';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';

const text = (body: string, subject: string | null = null): string | null =>
  extractCode({ subject, text: body, html: null });
const html = (body: string, subject: string | null = null): string | null =>
  extractCode({ subject, text: null, html: body });

describe('extractCode: the API', () => {
  it('returns null for a mail with no content', () => {
    expect(extractCode({ subject: null, text: null, html: null })).toBeNull();
    expect(extractCode({ subject: '', text: '', html: '' })).toBeNull();
  });

  it('is deterministic and leaves its input alone', () => {
    const mail = Object.freeze({
      subject: 'Your code',
      text: 'Verification code: 482913',
      html: '<p>Verification code: <b>482913</b></p>',
    });
    expect(extractCode(mail)).toBe('482913');
    expect(extractCode(mail)).toBe('482913');
  });

  it('reads the subject, the text part and the HTML part', () => {
    expect(extractCode({ subject: '482913 is your Acme code', text: null, html: null })).toBe(
      '482913',
    );
    expect(text('Your verification code is 482913.')).toBe('482913');
    expect(html('<p>Your verification code is <b>482913</b>.</p>')).toBe('482913');
  });

  it('uses the HTML when the text part is only a "view in browser" stub', () => {
    expect(
      extractCode({
        subject: 'Sign in',
        text: 'View this email in your browser: https://example.com/view/8812',
        html: '<p>Your login code:</p><p style="font-size:28px">650193</p>',
      }),
    ).toBe('650193');
  });

  it('survives malformed HTML and odd characters', () => {
    expect(html('<p>Your code: <b>482913</td></span><p><<>>&bogus;')).toBe('482913');
    expect(text('\u0000\uFFFF Code: 482913 \uD800')).toBe('482913');
  });
});

describe('extractCode: languages', () => {
  it.each([
    ['en', 'Your verification code is 482913. It expires in 10 minutes.'],
    ['zh', '您的验证码为：482913，10分钟内有效，请勿泄露。'],
    ['zh-Hant', '您的驗證碼是 482913，請勿告訴他人。'],
    ['ja', '認証コード：482913\nこのコードの有効期限は10分です。'],
    ['ko', '[서비스] 인증번호 [482913]를 입력해 주세요.'],
    ['ru', 'Ваш код подтверждения: 482913. Никому его не сообщайте.'],
    ['de', 'Ihr Bestätigungscode lautet 482913. Er ist 15 Minuten gültig.'],
    ['fr', 'Votre code de vérification est : 482913'],
    ['es', 'Tu código de verificación es 482913.'],
    ['pt', 'Seu código de verificação é 482913.'],
  ])('finds the code in %s', (_lang, body) => {
    expect(text(body)).toBe('482913');
  });

  it.each([
    ['en', '482913 is your Instagram code.'],
    ['zh', '482913是你的验证码。'],
    ['ja', '482913は認証コードです。'],
    ['ru', '482913 — ваш код для входа.'],
    ['de', '482913 ist dein Bestätigungscode.'],
    ['fr', '482913 est votre code de confirmation.'],
    ['es', '482913 es tu código de Instagram.'],
  ])('finds a code written before its label in %s', (_lang, body) => {
    expect(text(body)).toBe('482913');
  });

  it.each([
    ['ar', 'رمز التحقق الخاص بك هو: 482913'],
    ['fa', 'کد تایید شما: 482913'],
    ['he', 'קוד האימות שלך הוא: 482913'],
    ['it', 'Il tuo codice di verifica è 482913.'],
    ['tr', 'Doğrulama kodunuz: 482913'],
    ['nl', 'Je verificatiecode is 482913.'],
    ['id', 'Kode verifikasi Anda adalah 482913.'],
    ['pl', 'Twój kod weryfikacyjny to 482913.'],
    ['vi', 'Mã xác thực của bạn là 482913.'],
    ['fi', 'Vahvistuskoodisi on 482913.'],
    ['sv', 'Din verifieringskod är 482913.'],
    ['de mobileTAN', 'mobileTAN für Ihre Überweisung über 89,40 EUR: 482913'],
    ['en two-factor', 'Your two-factor sign-in code is 482913.'],
    ['en passcode', 'Your one-time passcode: 482913'],
  ])('finds the code in %s', (_lang, body) => {
    expect(text(body)).toBe('482913');
  });

  it.each([
    ['ar', '482913 هو رمز التحقق الخاص بك.'],
    ['fa', '482913 کد تایید شما در دیوار است.'],
    ['he', '482913 הוא קוד האימות שלך.'],
    ['it', '482913 è il tuo codice di accesso.'],
    ['tr', '482913 doğrulama kodunuzdur.'],
    ['nl', '482913 is je bevestigingscode.'],
    ['id', '482913 adalah kode OTP Anda.'],
    ['pl', '482913 to Twój kod weryfikacyjny.'],
    ['vi', '482913 là mã xác minh của bạn.'],
    ['fi', '482913 on vahvistuskoodisi.'],
    ['sv', '482913 är din inloggningskod.'],
    ['en, a brand in between', '4829130 is your Microsoft account security code.'],
  ])('finds a code written before its label in %s', (_lang, body) => {
    expect(text(body)).toMatch(/^4829130?$/);
  });

  it('reads full-width digits and colons', () => {
    expect(text('確認コード：４８２９１３')).toBe('482913');
  });

  it('returns Arabic-Indic and Persian digits as ASCII digits', () => {
    expect(text('رمز التحقق: ٤٨٢٩١٣')).toBe('482913');
    expect(text('کد تایید شما: ۴۸۲۹')).toBe('4829');
    expect(html('<p dir="rtl">رمز الدخول:</p><p dir="rtl"><b>\u200f٧٣٨٢٠١</b></p>')).toBe('738201');
  });
});

describe('extractCode: code shapes', () => {
  it.each([
    ['4 digits', 'Your code is 5531.', '5531'],
    ['5 digits', 'Your login code is 48213.', '48213'],
    ['6 digits', 'Your login code is 482913.', '482913'],
    ['7 digits', 'Your login code is 4829137.', '4829137'],
    ['8 digits', 'Your one-time password: 84715093', '84715093'],
    ['a leading zero', 'Verification code: 062743', '062743'],
  ])('takes %s', (_name, body, code) => {
    expect(text(body)).toBe(code);
  });

  it.each([
    ['three and three with a space', 'Security code: 482 913', '482913'],
    ['three and three with a hyphen', 'Confirmation code: 482-913', '482913'],
    ['three and three with a non-breaking space', 'Security code: 482\u00a0913', '482913'],
    ['three pairs', 'Code de sécurité : 48 29 13', '482913'],
    ['two fours right after the label', 'Your verification code: 7316 0482', '73160482'],
    [
      'three and three with a dot right after the label',
      'Código de verificação: 482.913',
      '482913',
    ],
  ])('joins %s', (_name, body, code) => {
    expect(text(body)).toBe(code);
  });

  it('does not join two groups of four without a label right next to them', () => {
    expect(text('Your verification code is below.\nCall us: 7316 0482 any time.')).toBeNull();
  });

  it('joins one digit per table cell', () => {
    const cells = [...'208461'].map((d) => `<td>${d}</td>`).join('');
    expect(html(`<p>Enter this code:</p><table><tr>${cells}</tr></table>`)).toBe('208461');
  });

  it('joins one digit per inline span', () => {
    const spans = [...'309175'].map((d) => `<span style="padding:4px">${d}</span>`).join('');
    expect(html(`<p>Your verification code:</p><p>${spans}</p>`)).toBe('309175');
  });

  it('keeps the prefix of Google and Facebook codes', () => {
    expect(text('G-738201 is your Google verification code.')).toBe('G-738201');
    expect(text('Enter this confirmation code:\n\nFB-48213')).toBe('FB-48213');
  });

  it('takes upper-case alphanumeric codes', () => {
    expect(text('Your confirmation code: K7XQ2P')).toBe('K7XQ2P');
    expect(text('Here is the Steam Guard code you need:\n\nF7K2P')).toBe('F7K2P');
    expect(text('Your activation code: 7QK-X4P')).toBe('7QK-X4P');
  });

  it('takes lower-case alphanumeric codes only right next to a label', () => {
    expect(text('Please enter this verification code:\n\n7hq2kx9m')).toBe('7hq2kx9m');
    expect(
      text('Your verification code is below. Our office is at floor b4x9 of the tower.'),
    ).toBeNull();
  });

  it('takes capital-letter codes only right after a strong label at the end of a line', () => {
    expect(text('Your sign-in code: KWTRZB\nIt expires in 30 minutes.')).toBe('KWTRZB');
    expect(text('YOUR SIGN-IN CODE: KWTRZB')).toBeNull();
    expect(text('Your sign-in code: BELOW')).toBeNull();
    expect(text('Your verification code is ready. SPRING SALE starts now.')).toBeNull();
  });

  it('reads the origin-bound code line "@domain #code"', () => {
    expect(text('Your sign-in code is below.\n\n@ledgerly.example #493027')).toBe('493027');
  });
});

describe('extractCode: where the label is', () => {
  it('takes a code on the line after its label', () => {
    expect(text('Use the following code to verify your login:\n\n739105\n\nThanks')).toBe('739105');
  });

  it('takes a code in the table cell after its label', () => {
    expect(html('<table><tr><td>Verification code</td><td>660318</td></tr></table>')).toBe(
      '660318',
    );
  });

  it('takes a code ending a long sentence that starts with the label', () => {
    expect(
      text('The code you need to sign in to your account from the new device is 731902.'),
    ).toBe('731902');
  });

  it('takes an emphasised code when only the subject names it', () => {
    expect(html('<p>Hello</p><p style="font-size:30px">482913</p>', 'Your verification code')).toBe(
      '482913',
    );
  });

  it('does not take a number without any code label', () => {
    expect(
      text('Hello! We shipped 482913 parcels last year. Thanks for being with us.'),
    ).toBeNull();
    expect(html('<p>Hello</p><p style="font-size:30px">482913</p>', 'Our newsletter')).toBeNull();
  });

  it('takes a code in the inline element after its label', () => {
    expect(html('<p><span>Code</span><span style="font-size:22px">817263</span></p>')).toBe(
      '817263',
    );
  });

  it('takes a 9- or 10-digit code only right after its label', () => {
    expect(text('Confirmation code: 538120467\n\nThanks for using Gmail!')).toBe('538120467');
    expect(text('Your verification code:\n\n5381204671')).toBe('5381204671');
    expect(text('Your verification code will follow. Customer 538120467 has asked for it.')).toBe(
      null,
    );
    expect(text('Verification code: 12345678901')).toBeNull();
  });

  it.each([
    'We sent a code to 0612345678.',
    'Enter the code we sent to 5551234567',
    'Doğrulama kodu 5321234567 numarasına gönderildi.',
    'Mã xác thực đã được gửi đến 0912345678',
    'Verification code on file: 1234567890',
    'Text JOIN to 48291 to receive your verification code.',
  ])('does not take a phone or short code for a code: %s', (body) => {
    expect(text(body)).toBeNull();
  });

  it('does not read "N lines of code" as a code', () => {
    expect(text('В этом году мы написали 12000 строк кода.')).toBeNull();
    expect(text('We wrote 12000 lines of code this year.')).toBeNull();
  });

  it('prefers the labelled code to other numbers in the same mail', () => {
    expect(text('Reference 774102\n\nYour verification code: 316084\n\nTicket 552190')).toBe(
      '316084',
    );
  });

  it('returns null when two different codes are labelled equally', () => {
    expect(text('Your verification code is 482913. Your backup code is 551902.')).toBeNull();
  });

  it('counts a code found in both the subject and the body once, and more surely', () => {
    expect(
      extractCode({
        subject: '482913 is your Acme code',
        text: 'Enter it in the app:\n\n482913',
        html: '<p>Enter it in the app:</p><p><b>482913</b></p>',
      }),
    ).toBe('482913');
  });
});

describe('extractCode: decoys', () => {
  it.each([
    ['an ISO date', 'Requested on 2024-05-12. Your code: 482913'],
    ['a dotted date', 'Angefordert am 12.05.2024. Dein Code: 482913'],
    ['a slashed date', 'Requested 05/14/2024. Your code: 482913'],
    ['a written date', 'Requested on May 12, 2024. Your code: 482913'],
    ['a CJK date', '2024年5月12日に発行。認証コード：482913'],
    ['a copyright year', 'Your code: 482913\n© 2024 Acme Inc.'],
    ['a time', 'Requested at 14:02. Your code: 482913'],
    ['a time with am/pm', 'Requested at 3:45 PM. Your code: 482913'],
    ['a US phone number', 'Your code: 482913. Questions? Call (415) 555-0132.'],
    ['a phone number with +', 'Your code: 482913. Call +49 30 1234 5678.'],
    ['French digit pairs', 'Votre code : 482913. Service client au 09 69 32 15 15.'],
    ['a Japanese free-dial number', '認証コード: 482913\nお問い合わせ：0120-123-456'],
    ['a Korean service line', '인증번호: 482913\n고객센터 1588-3820'],
    ['a Chinese hotline', '验证码：482913。如有疑问请致电95588。'],
    ['a price in dollars', 'Confirm your $1,299.00 purchase. Your code: 482913'],
    ['a price in euros', 'Zahlung über 1.250,00 EUR. Ihre TAN: 482913'],
    ['a price in reais', 'Compra de R$ 1.249,90. Código: 482913'],
    ['a price in roubles', 'Покупка на 1 250,00 ₽. Код: 482913'],
    ['a price in yen', '4,980円のご注文。認証コード：482913'],
    ['an order number', 'Order 58213 needs confirming. Your code: 482913'],
    ['a tracking number', 'Tracking number: 1Z999AA10123456784. Your code: 482913'],
    ['an invoice number', 'Invoice INV-0093-4821 is paid. Your code: 482913'],
    ['a US ZIP code', 'Your code: 482913\nAcme, 88 Main Street, San Francisco, CA 94107'],
    ['a German postcode', 'Dein Code: 482913\nMusterfirma GmbH, Hauptstraße 12, 80331 München'],
    ['a Japanese postcode', '確認コード: 482913\n〒150-0002 東京都渋谷区'],
    ['a Brazilian CEP', 'Código: 482913\nAv. Paulista, 1000 – CEP 01310-100'],
    ['an IP address', 'Sign-in from 198.51.100.23. Your code: 482913'],
    ['a card tail', 'Card ending in 4417 used. Your code: 482913'],
    ['a masked card', 'Card **** 4417 used. Your code: 482913'],
    ['a registry number', 'Dein Code: 482913\nAmtsgericht München HRB 123456'],
    ['a version number', 'Chrome 124 on Windows 11. Your code: 482913'],
    ['a duration', 'Your code: 482913. It expires in 1440 minutes.'],
  ])('ignores %s', (_name, body) => {
    expect(text(body)).toBe('482913');
  });

  it.each([
    ['a date', 'Your verification code request of 2024-05-12 was received.'],
    ['a year', 'Your code review in 2024 went well.'],
    ['a time', 'Your code expires at 14:45.'],
    ['a phone number', "Didn't ask for a code? Call 1-800-935-9935."],
    ['a price', 'Promo code applied: you saved $1,299.00.'],
    ['an order number', 'Your code word is ready. Order number: 58213.'],
    ['a tracking number', 'Tracking code: 00340434161094027318'],
    ['a ZIP code', 'Postal code 94107'],
    ['a promo code', 'Use code SPRING25 at checkout for 25% off.'],
    ['a coupon code', 'Gutscheincode SOMMER24: 20 % auf alles.'],
    ['a meeting passcode', 'Join Zoom Meeting\nMeeting ID: 812 3456 7890\nPasscode: 827364'],
    ['a booking confirmation code', 'Your flight is booked.\nConfirmation code: QX7P2M'],
    [
      'a card authorization code on a receipt',
      'Total $28.12\nVISA ****2231\nAuthorization code: 048213',
    ],
    ['an error code', 'Payment failed. Error code 502341.'],
    ['a pickup code', '取件码：6-3-1024，请尽快取件。'],
    ['a parcel locker code', 'Abholcode: 7713'],
  ])('returns null for %s alone', (_name, body) => {
    expect(text(body)).toBeNull();
  });

  it.each([
    ['an account number', 'Your security code was requested for account 58213094.'],
    ['a customer number', 'Bestätigungscode angefordert für Kundennummer 4471029.'],
    ['a phone tail', '验证码已发送至尾号5620的手机，请查收。'],
    ['an order number', '認証コードはご注文番号 4821937 とは別にお送りします。'],
  ])('does not take %s that follows a code label', (_name, body) => {
    expect(text(body)).toBeNull();
  });

  it('ignores CSS colours in a style block and in inline styles', () => {
    expect(
      html(`<html><head><style>.c{color:#123456} .b{background:#202124}</style></head>
<body><p style="color:#654321">Enter this code:</p><div style="color:#111111">914 305</div></body></html>`),
    ).toBe('914305');
    expect(
      html('<style>p{color:#123456}</style><p style="color:#654321">Your code</p>'),
    ).toBeNull();
  });

  it.each([
    ['display:none', '<span style="display:none">884213</span>'],
    ['visibility:hidden', '<span style="visibility:hidden">884213</span>'],
    ['font-size:0', '<span style="font-size:0px">884213</span>'],
    ['opacity:0', '<span style="opacity:0">884213</span>'],
    ['max-height:0 with overflow hidden', '<div style="max-height:0;overflow:hidden">884213</div>'],
    ['the hidden attribute', '<span hidden>884213</span>'],
    ['a class hidden by the stylesheet', '<span class="preheader">884213</span>'],
  ])('ignores a number hidden by %s', (_name, hidden) => {
    const page = `<html><head><style>.preheader{display:none!important}</style></head><body>
<p>Your verification code is ${hidden}<b>316084</b></p></body></html>`;
    expect(html(page)).toBe('316084');
  });

  it('ignores a hidden preheader that carries another code', () => {
    const page = `<div style="display:none;max-height:0;overflow:hidden">Your code is 111111</div>
<p>Your verification code:</p><p style="font-size:30px">215936</p>`;
    expect(html(page)).toBe('215936');
  });

  it('ignores a number in the text part that the HTML part only holds in hidden text', () => {
    // A text part rendered from the HTML keeps the hidden preheader.
    const hiddenHtml = `<div style="display:none">Your verification code: 111111</div>
<p>Use this:</p><p style="font-size:30px">215936</p>`;
    const rendered = 'Your verification code: 111111\nUse this:\n215936';
    expect(
      extractCode({ subject: 'Your verification code', text: rendered, html: hiddenHtml }),
    ).toBe('215936');
    // The same text part next to HTML that shows the number: it counts.
    const shownHtml = hiddenHtml.replace('display:none', 'color:#333333');
    expect(
      extractCode({ subject: 'Your verification code', text: rendered, html: shownHtml }),
    ).toBe('111111');
  });

  it('ignores <head>, <title>, <script> and comments', () => {
    const page = `<html><head><title>Code 111111</title><script>var code = "222222";</script></head>
<body><!-- code 333333 --><p>Your verification code: 444444</p></body></html>`;
    expect(html(page)).toBe('444444');
  });
});

describe('extractCode: identifiers in the new languages', () => {
  it.each([
    ['ar order number', 'تم تأكيد طلبك.\nرقم الطلب: 58392017\nرمز التحقق غير مطلوب.'],
    ['fa postal code', 'کد پستی: 1415563117\nشماره سفارش: 48291037'],
    ['he order number', 'מספר הזמנה: 5829104\nסה"כ: 249.90 ₪'],
    ['it fiscal code', 'Codice fiscale: 48291037\nOrdine n. 4021193847'],
    ['tr discount code', 'İndirim kodu: 482913 ile %20 indirim!'],
    ['tr discount code in capitals', 'Tüm ürünlerde %20 indirim! İNDİRİM KODU: BAHAR25'],
    ['tr discount code after a sale line', 'Tüm ürünlerde %20 indirim! İndirim kodu: BAHAR25'],
    ['tr tracking code', 'Kargo takip kodu: 48291037'],
    ['nl order number', 'Bestelnummer: 48291037\nKlantenservice: 030 310 4999'],
    ['id postal code', 'Kode pos: 12190\nNomor pesanan: 2403128472'],
    ['pl pickup code', 'Twoja paczka czeka. Kod odbioru: 482913'],
    ['vi order code', 'Mã đơn hàng: 48291037\nMã giảm giá: 482913'],
    ['fi tracking code', 'Seurantakoodi: 48291037\nTilausnumero: 39284710'],
    ['sv order number', 'Ordernummer: 48291037\nRabattkod: 4829'],
    ['vi ID number', 'Mã số khách hàng: 48291037'],
    ['it user code', 'Codice utente: 4829103'],
    ['tr customer code', 'Müşteri kodunuz: 4829103'],
    ['pl customer code', 'Kod klienta: 4829103'],
    ['nl customer code', 'Klantcode: 4829103'],
    ['fi customer code', 'Asiakaskoodi: 4829103'],
    ['sv customer code', 'Kundkod: 4829103'],
    ['id customer code', 'Kode pelanggan: 4829103'],
    ['ar product code', 'كود المنتج: 4829103'],
    ['fa product code', 'کد کالا: 4829103'],
    ['he customer code', 'קוד לקוח: 4829103'],
  ])('returns null for %s', (_name, body) => {
    expect(text(body)).toBeNull();
  });
});

describe('extractCode: mails without a code', () => {
  it('returns null for a link-only login', () => {
    expect(
      text(
        'Click the link below to sign in to your account:\nhttps://example.com/login?token=8a1b2c3d4e5f60718293\n\nThis link expires in 15 minutes. Request ID 7F3A-22B9.',
        'Your sign-in link',
      ),
    ).toBeNull();
  });

  it('returns null for a receipt', () => {
    expect(
      text(
        'Thanks for your order!\nOrder #113-4820194-2930118\nPlaced on May 12, 2024\nSubtotal: $37.48\nTax: $2.62\nTotal: $40.10\nShip to: 742 Evergreen Terrace, Springfield, OR 97477',
        'Your order 113-4820194-2930118',
      ),
    ).toBeNull();
  });

  it('returns null for a newsletter', () => {
    expect(
      html(
        '<h1>SPRING SALE</h1><p>Take 25% off with code <b style="font-size:22px">SPRING25</b>.</p><p>Valid 05/17/2025 – 05/19/2025.</p><p>© 2025 Hollow Pine, 1200 Market St, Denver, CO 80202 · Unsubscribe</p>',
        'Use code SPRING25 for 25% off',
      ),
    ).toBeNull();
  });
});

describe('extractCode: bounded work', () => {
  it('finds a code at the top of a 10 MiB body', () => {
    const filler = 'Lorem ipsum 2024 dolor 12345 sit amet, order 58213. '.repeat(210_000);
    expect(filler.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(text(`Your verification code: 482913\n${filler}`)).toBe('482913');
    expect(html(`<p>Your verification code: <b>482913</b></p><p>${filler}</p>`)).toBe('482913');
  });

  it('does not read past the scan cap', () => {
    const filler = 'Nothing to see here. '.repeat(2_000);
    expect(filler.length).toBeGreaterThan(32 * 1024);
    expect(text(`${filler}\nYour verification code: 482913`)).toBeNull();
    expect(html(`<p>${filler}</p><p>Your verification code: 482913</p>`)).toBeNull();
  });

  it('stops at the render budget even when everything before it is hidden', () => {
    // Past the step budget the rest is stripped text, hidden x's included: the code comes
    // after the scan cap.
    const hidden = `<div style="display:none">${'<span>x</span>'.repeat(80_000)}</div>`;
    expect(hidden.length).toBeGreaterThan(1024 * 1024);
    expect(html(`${hidden}<p>Your verification code: 482913</p>`)).toBeNull();
    expect(html(`<p>Your verification code: 482913</p>${hidden}`)).toBe('482913');
  });
});
