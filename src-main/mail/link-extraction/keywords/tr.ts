/** Turkish words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const tr: LinkWords = {
  action: ['onayla', 'doğrula', 'etkinleştir', 'giriş', 'sıfırla', 'şifre', 'bendim'],
  decoy: [
    'koru',
    'abonelik',
    'tarayıcı',
    'gizlilik',
    'yardım',
    'bildir',
    'güvene al',
    'engelle',
    'değil',
    'ayarlar',
    'web sürümü',
    'davet',
    'katıl',
    'güvenlik',
    'etkinliğ',
  ],
  remedy: ['değilse', 'yapmadıysanız', 'siz değilseniz', 'tanımıyorsanız'],
  notice: [
    'güvenlik uyarısı',
    'yeni cihaz',
    'yeni oturum açma',
    'değiştirildi',
    'sipariş',
    'kargo',
    'makbuz',
    'fatura',
    'rezervasyon',
    'paket',
    'davet',
  ],
  ignore: ['yok say', 'dikkate almayın'],
};
