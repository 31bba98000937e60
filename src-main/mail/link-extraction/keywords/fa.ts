/** Persian words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const fa: LinkWords = {
  action: ['تأیید', 'ورود', 'بازنشانی', 'رمز عبور', 'فعال‌سازی', 'فعالسازی', 'من هستم'],
  decoy: [
    'لغو اشتراک',
    'مرورگر',
    'حریم خصوصی',
    'راهنما',
    'پشتیبانی',
    'گزارش',
    'ایمن',
    'مسدود',
    'نبودید',
  ],
  remedy: ['در غیر این صورت', 'اگر نه', 'اگر خودتان نبودید', 'اگر شما نبودید'],
  ignore: ['نادیده'],
};
