/** Indonesian words of the link extractor (see index.ts for what each list means). */

import type { LinkWords } from './types.ts';

export const id: LinkWords = {
  action: [
    'konfirmasi',
    'verifikasi',
    'aktifkan',
    'masuk',
    'atur ulang',
    'kata sandi',
    'setujui',
    'ini saya',
  ],
  decoy: [
    'berhenti berlangganan',
    'privasi',
    'bantuan',
    'laporkan',
    'amankan',
    'blokir',
    'bukan',
    'pengaturan',
    '(?:lihat|buka) di browser',
    'versi web',
    'undangan',
    'gabung',
    'keamanan',
    'aktivitas',
  ],
  remedy: [
    'jika ini bukan',
    'bukan anda',
    'jika bukan',
    'jika tidak,',
    'kalau bukan',
    'jika anda tidak mengenali',
  ],
  notice: [
    'peringatan keamanan',
    'perangkat baru',
    'aktivitas masuk baru',
    'telah diubah',
    'pesanan',
    'dikirim',
    'tanda terima',
    'faktur',
    'pemesanan',
    'paket',
    'mengundang',
  ],
  ignore: ['abaikan'],
};
