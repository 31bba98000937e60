/** Korean words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const ko: LinkWords = {
  action: ['제가 맞습니다', '인증', '확인', '로그인', '재설정', '비밀번호', '승인', '본인입니다'],
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
    '보안 설정',
    '계정 설정',
    '브라우저에서 보기',
    '웹 버전',
    '초대',
    '참여',
    '보안',
    '활동',
  ],
  remedy: ['본인이 아니라면', '본인이 아닌 경우', '그렇지 않다면', '그렇지 않은 경우'],
  notice: [
    '보안 알림',
    '새 기기',
    '새로운 기기',
    '새로운 로그인',
    '변경되었습니다',
    '주문',
    '배송',
    '영수증',
    '발송',
    '예약',
    '초대',
  ],
  ignore: ['무시'],
};
