/**
 * Hebrew keywords. Hebrew glues the article and some conjunctions to the word (הקוד "the
 * code", והקוד, שהקוד), so the phrases allow up to two such prefix letters.
 */

import { label, words, type LanguageKeywords } from './patterns.ts';

const PRE = '[הושבל]{0,2}';

export const he: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['קוד', 'סיסמ'],
      words(
        String.raw`${PRE}(?:קוד|סיסמ(?:ה|ת|אות))\s+(?:ה)?(?:אימות|חד[- ]?פעמי(?:ת)?|כניסה|אבטחה|הזדהות|אישור|גישה|SMS|זמני(?:ת)?)`,
      ),
      1,
    ),
    label(['קוד'], words(`${PRE}קוד`), 0.9),
  ],
  entryVerbs: {
    anchors: ['הזן', 'הזי', 'הקלד'],
    phrases: ['הזן', 'הזיני', 'הזינו', 'הקלד', 'הקלידו'],
  },
  identifiers: [
    String.raw`${PRE}מספר\s+(?:ה)?(?:הזמנה|חשבונית|משלוח|לקוח|מעקב|טלפון|חשבון|כרטיס|אסמכתא|פנייה)`,
    `${PRE}טלפון`,
    `${PRE}מיקוד`,
    String.raw`${PRE}קוד\s+(?:ה)?(?:קופון|הנחה|קידום|מבצע|מתנה|לקוח|מוצר|פריט)`,
    `${PRE}קופון`,
    String.raw`שירות\s+(?:ה)?לקוחות`,
    String.raw`מוקד(?:\s+(?:ה)?שירות)?`,
    String.raw`ח\.פ\.?`,
    String.raw`ת\.ד\.?`,
  ],
  travel: ['טיסה', 'הטיסה', 'מלון', 'הזמנת\\s+מלון'],
  meeting: [String.raw`מזהה\s+(?:ה)?פגישה`],
  receipt: ['קבלה', 'חשבונית', 'סה"כ'],
  promo: ['הנחה', 'מבצע', 'קופון'],
  footer: [String.raw`כל\s+הזכויות\s+שמורות`, 'להסרה', String.raw`הסרה\s+מרשימת`],
};
