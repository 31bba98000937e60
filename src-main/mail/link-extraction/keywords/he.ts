/** Hebrew words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const he: LinkWords = {
  action: ['אימות', 'אמת', 'אישור', 'לאשר', 'כניסה', 'להתחבר', 'התחבר', 'איפוס', 'סיסמה', 'זה אני'],
  decoy: ['הסרה', 'דפדפן', 'פרטיות', 'עזרה', 'דווח', 'אבטח', 'לחסום', 'לא אתם'],
  remedy: ['אם לא,', 'אחרת', 'אם זה לא היית'],
  ignore: ['להתעלם', 'התעלמו'],
};
