/** Vietnamese words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const vi: LinkWords = {
  action: [
    'xác thực',
    'xác nhận',
    'xác minh',
    'kích hoạt',
    'đăng nhập',
    'đặt lại',
    'mật khẩu',
    'phê duyệt',
    'là tôi',
  ],
  decoy: [
    'hủy đăng ký',
    'trình duyệt',
    'quyền riêng tư',
    'trợ giúp',
    'báo cáo',
    'bảo vệ',
    'chặn',
    'không phải',
    'cài đặt',
    'phiên bản web',
    'lời mời',
    'tham gia',
    'bảo mật',
    'hoạt động',
  ],
  remedy: ['nếu không,', 'nếu không phải'],
  notice: [
    'cảnh báo bảo mật',
    'thiết bị mới',
    'đăng nhập mới',
    'đã được thay đổi',
    'đơn hàng',
    'biên lai',
    'hóa đơn',
    'đặt chỗ',
    'kiện hàng',
    'đã mời',
  ],
  ignore: ['bỏ qua'],
};
