/** Korean keywords. */

import { label, runs, type LanguageKeywords } from './patterns.ts';

export const ko: LanguageKeywords = {
  spaced: false,
  codeLabels: [
    label(
      ['번호', '코드', '비밀번호', '패스워드', '키'],
      runs(
        String.raw`인증\s?번호|인증\s?코드|확인\s?코드|보안\s?코드|일회용\s?(?:비밀번호|코드|패스워드)|로그인\s?코드|인증\s?키|승인\s?코드|[Oo][Tt][Pp]\s?(?:번호|코드)`,
      ),
      1,
    ),
    label(['확인'], runs(String.raw`확인\s?번호`), 0.7, 'confirmation'),
    label(['코드'], runs('코드'), 0.6),
  ],
  entryVerbs: { anchors: ['입력'], phrases: ['입력'] },
  identifiers: [
    String.raw`주문\s?번호`,
    String.raw`운송장(?:\s?번호)?`,
    String.raw`송장\s?번호`,
    String.raw`예약\s?번호`,
    String.raw`회원\s?번호`,
    String.raw`고객\s?번호`,
    String.raw`승인\s?번호`,
    String.raw`거래\s?번호`,
    String.raw`사업자\s?등록\s?번호`,
    String.raw`통신판매업(?:\s?신고)?(?:\s?번호)?`,
    String.raw`전화(?:\s?번호)?`,
    String.raw`고객\s?센터`,
    String.raw`대표\s?전화`,
    '문의',
    String.raw`우편\s?번호`,
    String.raw`쿠폰\s?(?:코드|번호)`,
    String.raw`할인\s?코드`,
    String.raw`초대\s?코드`,
    String.raw`추천\s?코드`,
    String.raw`계좌(?:\s?번호)?`,
    String.raw`카드\s?번호`,
    '끝자리',
    '좌석',
    '편명',
  ],
  travel: ['예약', '항공', '탑승'],
  meeting: [String.raw`회의\s?ID`],
  receipt: ['영수증', '합계'],
  promo: ['할인', '쿠폰', '세일'],
  footer: [String.raw`수신\s?거부`, String.raw`무단\s?전재`],
};
