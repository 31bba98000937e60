/** Arabic words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const ar: LinkWords = {
  action: [
    'تأكيد',
    'أكّد',
    'أكد',
    'تحقق',
    'تفعيل',
    'تسجيل الدخول',
    'إعادة تعيين',
    'كلمة المرور',
    'كلمة مرور',
    'هذا أنا',
  ],
  decoy: ['إلغاء الاشتراك', 'المتصفح', 'الخصوصية', 'المساعدة', 'أبلغ', 'تأمين', 'احظر', 'لست أنت'],
  remedy: ['وإلا', 'إذا لم تكن أنت', 'إن لم تكن أنت', 'إذا لم يكن هذا أنت'],
  ignore: ['تجاهل'],
};
