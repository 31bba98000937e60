/** Hebrew words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const he: LinkWords = {
  action: [
    'זה הייתי אני',
    'אימות',
    'אמת',
    'אישור',
    'לאשר',
    'כניסה',
    'להתחבר',
    'התחבר',
    'איפוס',
    'סיסמה',
    'זה אני',
  ],
  decoy: ['הסרה', 'דפדפן', 'פרטיות', 'עזרה', 'דווח', 'אבטח', 'לחסום', 'לא אתם'],
  remedy: ['אם לא,', 'אחרת', 'אם זה לא היית'],
  notice: [
    'כניסה חדשה',
    'שונתה',
    'הזמנה מס',
    'אישור הזמנה',
    'משלוח',
    'קבלה',
    'חשבונית',
    'החבילה',
    'הזמין',
  ],
  ignore: ['להתעלם', 'התעלמו'],
};
