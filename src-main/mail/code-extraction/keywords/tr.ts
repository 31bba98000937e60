/** Turkish keywords. Turkish adds suffixes to the noun: kod, kodu, kodunuz, kodunuzdur. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const tr: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['kod', 'şifre', 'parola'],
      words(
        String.raw`(?:doğrulama|onay|güvenlik|giriş|aktivasyon|etkinleştirme|tek\s+kullanımlık|sms|otp|kimlik\s+doğrulama)\s+(?:kod|şifre|parola)\p{L}*`,
      ),
      1,
    ),
    label(['kod'], words(String.raw`kod\p{L}{0,7}`), 0.9),
    label(['şifre', 'parola'], words(String.raw`(?:şifre|parola)\p{L}{0,6}`), 0.6, 'passcode'),
  ],
  entryVerbs: { anchors: ['girin', 'giriniz'], phrases: ['girin', 'giriniz'] },
  identifiers: [
    String.raw`sipariş\p{L}*(?:\s+(?:no|numarası|numaranız))?`,
    String.raw`fatura\p{L}*(?:\s+(?:no|numarası))?`,
    String.raw`kargo(?:\s+takip)?(?:\s+(?:no|numarası|numaranız|kod\p{L}*))?`,
    String.raw`takip\s+(?:no|numarası|numaranız|kod\p{L}*)`,
    String.raw`posta\s+kodu`,
    String.raw`(?:indirim|kupon|kampanya|promosyon|hediye|müşteri|ürün|üye|abone|referans|posta)\s+kod\p{L}*`,
    'kupon',
    String.raw`müşteri\s+(?:hizmetleri|numarası|no)`,
    String.raw`çağrı\s+merkezi`,
    String.raw`telefon\p{L}*`,
    String.raw`mersis(?:\s+no)?`,
    String.raw`vergi\s+(?:no|numarası|dairesi)`,
    String.raw`hesap\s+(?:no|numarası)`,
  ],
  travel: ['uçuş', 'rezervasyon', 'bilet', 'otel'],
  meeting: [String.raw`toplantı\s+kimliği`],
  receipt: ['toplam', 'fiş', 'fatura'],
  promo: ['indirim', 'kampanya', 'kupon', 'fırsat'],
  footer: [String.raw`abonelikten\s+çık\p{L}*`, String.raw`tüm\s+hakları\s+saklıdır`],
};
