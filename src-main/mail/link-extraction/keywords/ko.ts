/** Korean words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const ko: LinkWords = {
  action: ['인증', '확인', '로그인', '재설정', '비밀번호', '승인', '본인입니다'],
  decoy: [
    '수신거부',
    '수신 거부',
    '웹에서 보기',
    '개인정보',
    '약관',
    '고객센터',
    '신고',
    '보호',
    '차단',
    '아니',
  ],
  remedy: ['본인이 아니라면', '본인이 아닌 경우', '그렇지 않다면', '그렇지 않은 경우'],
  ignore: ['무시'],
};
