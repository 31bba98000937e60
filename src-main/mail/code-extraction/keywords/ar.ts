/**
 * Arabic keywords. Arabic glues the article and some prepositions to the word (الرمز "the
 * code", بالرمز "with the code"), so the phrases allow those prefixes. Arabic-Indic digits are
 * turned into ASCII digits before any of this runs (normalize.ts).
 */

import { label, words, type LanguageKeywords } from './patterns.ts';

/** The article, optionally after "and" or "with": الرمز، والرمز، بالرمز. */
const ART = '(?:[وب]?ال|[وب])?';

export const ar: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['رمز', 'كود', 'مرور', 'سر'],
      words(
        String.raw`${ART}(?:رمز|كود)\s+(?:ال)?(?:تحقق|تأكيد|تاكيد|تفعيل|دخول|أمان|امان|مرور|سري|توثيق|مصادقة)|(?:كلمة\s+(?:ال)?(?:مرور|سر)|${ART}رمز)\s+(?:ل|ل?ال)?مرة\s+(?:ال)?واحدة`,
      ),
      1,
    ),
    label(['رقم'], words(String.raw`رقم\s+التعريف\s+الشخصي`), 0.8, 'passcode'),
    label(['رمز', 'كود'], words(`${ART}(?:رمز|كود)`), 0.9),
  ],
  entryVerbs: { anchors: ['أدخل', 'ادخل'], phrases: ['أدخل', 'ادخل'] },
  identifiers: [
    String.raw`رقم\s+(?:ال)?(?:طلب|فاتورة|تتبع|شحنة|حساب|هاتف|جوال|عميل|مرجع|عضوية|بطاقة|حجز|تذكرة|الطلب)`,
    `${ART}فاتورة`,
    `${ART}هاتف`,
    `${ART}جوال`,
    String.raw`اتصل(?:\s+(?:ب|على|بنا))?`,
    String.raw`خدمة\s+العملاء`,
    String.raw`${ART}رمز\s+(?:ال)?بريدي`,
    String.raw`(?:${ART}رمز|${ART}كود|${ART}كوبون|قسيمة)\s+(?:ال)?(?:خصم|ترويجي|هدية|الهدية|منتج|عميل|صنف)`,
    `${ART}كوبون`,
    String.raw`ص\.\s?ب\.?`,
    String.raw`صندوق\s+(?:ال)?بريد`,
    `${ART}مبلغ`,
    String.raw`السجل\s+التجاري`,
    String.raw`الرقم\s+الضريبي`,
  ],
  travel: ['رحلة', 'حجز', 'الحجز', 'طيران', 'فندق', 'تذكرة'],
  meeting: [String.raw`معرف\s+الاجتماع`],
  receipt: ['إيصال', 'ايصال', 'فاتورة', 'المجموع', 'الإجمالي', 'الاجمالي'],
  promo: ['خصم', 'الخصم', 'عرض', 'عروض', 'تخفيض', 'تخفيضات', 'كوبون'],
  footer: [String.raw`جميع\s+الحقوق\s+محفوظة`, String.raw`إلغاء\s+الاشتراك`],
};
