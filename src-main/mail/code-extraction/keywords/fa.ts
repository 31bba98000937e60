/**
 * Persian keywords. Persian text is often typed with the Arabic kaf and yeh (ك، ي) instead of
 * the Persian ones (ک، ی), so both are accepted. The zero-width non-joiner in words such as
 * یک‌بار is removed before matching (normalize.ts); Persian digits become ASCII digits there too.
 */

import { label, words, type LanguageKeywords } from './patterns.ts';

const K = '[کك]';
const Y = '[یي]';
const ONCE = `${Y}${K}\\s?بار\\s+مصرف`;

export const fa: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['کد', 'كد', 'رمز'],
      words(
        String.raw`${K}د\s+(?:تا${Y}${Y}د|تأ${Y}${Y}د|ورود|امن${Y}ت${Y}|فعال\s?ساز${Y}|اعتبارسنج${Y}|احراز\s+هو${Y}ت|${ONCE}|پ${Y}ام${K}${Y}|تا${Y}${Y}د${Y}ه)|رمز\s+(?:${ONCE}|پو${Y}ا|دوم|ورود|عبور\s+${ONCE})`,
      ),
      1,
    ),
    label(['کد', 'كد'], words(`${K}د`), 0.9),
    label(['رمز'], words('رمز'), 0.7),
  ],
  identifiers: [
    String.raw`شماره\s+(?:سفارش|فا${K}تور|پ${Y}گ${Y}ر${Y}|تماس|تلفن|حساب|${K}ارت|مرسوله|همراه|مشتر${Y})`,
    String.raw`${K}د\s+(?:پست${Y}|تخف${Y}ف|رهگ${Y}ر${Y}|مل${Y}|اقتصاد${Y}|مشتر${Y}|${K}الا|محصول)`,
    'تلفن',
    `پشت${Y}بان${Y}`,
    'مبلغ',
    'سفارش',
    `فا${K}تور`,
  ],
  travel: ['پرواز', `بل${Y}ط`, 'رزرو', 'هتل'],
  meeting: [],
  receipt: [`فا${K}تور`, `رس${Y}د`, String.raw`مبلغ\s+${K}ل`],
  promo: [`تخف${Y}ف`, 'حراج'],
  footer: [String.raw`لغو\s+اشترا${K}`, String.raw`${K}ل${Y}ه\s+حقوق`],
};
