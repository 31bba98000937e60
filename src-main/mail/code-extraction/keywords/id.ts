/** Indonesian keywords. */

import { label, words, type LanguageKeywords } from './patterns.ts';

export const id: LanguageKeywords = {
  spaced: true,
  codeLabels: [
    label(
      ['kode', 'sandi'],
      words(
        String.raw`kode\s+(?:verifikasi|otp|keamanan|akses|masuk|login|konfirmasi|aktivasi|otentikasi|autentikasi|sekali\s+pakai|rahasia|unik|sementara|sms)|kata\s+sandi\s+(?:sekali\s+pakai|sementara)`,
      ),
      1,
    ),
    label(['kode'], words('kode'), 0.9),
  ],
  entryVerbs: { anchors: ['masukkan', 'ketik'], phrases: ['masukkan', 'ketik'] },
  identifiers: [
    String.raw`(?:nomor|no\.?)\s+(?:pesanan|resi|invoice|tagihan|rekening|telepon|hp|transaksi|pelanggan|referensi|va|virtual\s+account)`,
    'pesanan',
    'resi',
    String.raw`kode\s+(?:pos|promo|voucher|kupon|diskon|referral|booking|pemesanan|pembayaran|bayar|pelanggan|produk|unik)`,
    'telepon',
    'hubungi',
    String.raw`layanan\s+pelanggan`,
    'rekening',
    'npwp',
    'tagihan',
  ],
  travel: ['penerbangan', 'pemesanan', 'tiket'],
  meeting: [],
  receipt: ['pembayaran', 'struk', 'tagihan'],
  promo: ['diskon', 'potongan', 'cashback'],
  footer: [String.raw`berhenti\s+berlangganan`, String.raw`hak\s+cipta`],
};
