/** Japanese words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const ja: LinkWords = {
  action: [
    '本人です',
    '認証',
    'ログイン',
    '再設定',
    'パスワード',
    '承認',
    '有効化',
    '登録を完了',
    '本登録',
  ],
  decoy: [
    '配信停止',
    'ブラウザで表示',
    'プライバシー',
    '利用規約',
    'ヘルプ',
    '報告',
    '保護',
    '拒否',
    '心当たりがない',
    'お問い合わせ',
  ],
  remedy: [
    'お心当たりがない',
    '心当たりのない',
    'そうでない場合',
    'ご本人でない場合',
    '身に覚えがない',
  ],
  notice: [
    'セキュリティ通知',
    '新しいデバイス',
    '新しい端末',
    '新しいログイン',
    '変更されました',
    '注文',
    '発送',
    '領収書',
    '請求書',
    '予約',
    'お荷物',
    '招待',
  ],
  ignore: ['無視'],
};
