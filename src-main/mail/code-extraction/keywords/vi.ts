/** Vietnamese keywords. "mã" (code) also names order numbers and coupons: those are identifiers. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const vi: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['mã', 'mật'],
      words(
        String.raw`mã\s+(?:xác\s+thực|xác\s+minh|xác\s+nhận|otp|bảo\s+mật|đăng\s+nhập|kích\s+hoạt|truy\s+cập|một\s+lần|pin)|mật\s+khẩu\s+(?:một\s+lần|dùng\s+một\s+lần|tạm\s+thời)`,
      ),
      1,
    ),
    label(['mã'], words('mã'), 0.8),
  ],
  entryVerbs: { anchors: ['nhập'], phrases: ['nhập'] },
  identifiers: [
    String.raw`mã\s+(?:đơn\s+hàng|đơn|vận\s+đơn|giảm\s+giá|khuyến\s+mãi|bưu\s+chính|bưu\s+điện|giao\s+dịch|khách\s+hàng|số\s+thuế|voucher|ưu\s+đãi|tra\s+cứu|vạch|qr)`,
    String.raw`mã\s+số`,
    String.raw`mã\s+(?:sản\s+phẩm|hợp\s+đồng|nhân\s+viên)`,
    String.raw`(?:số\s+)?điện\s+thoại`,
    String.raw`đơn\s+hàng`,
    String.raw`tổng\s+đài`,
    String.raw`tổng\s+(?:cộng|tiền)`,
    String.raw`(?:số\s+)?tài\s+khoản`,
    'mst',
  ],
  travel: [String.raw`chuyến\s+bay`, String.raw`đặt\s+phòng`, 'vé', String.raw`khách\s+sạn`],
  meeting: [],
  receipt: [String.raw`tổng\s+cộng`, String.raw`hóa\s+đơn`, String.raw`thanh\s+toán`],
  promo: [String.raw`giảm\s+giá`, String.raw`khuyến\s+mãi`, String.raw`ưu\s+đãi`],
  footer: [String.raw`hủy\s+đăng\s+ký`, String.raw`bản\s+quyền`],
};
