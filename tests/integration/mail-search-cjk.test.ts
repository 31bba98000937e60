import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';

/**
 * Chinese, Japanese and Korean mail found by any part of its words (issue 33), on the real
 * server: mail sent over SMTP by nodemailer, searched over REST. unicode61 alone kept each
 * unbroken run as one token, so 验证码 inside 您的验证码是 was not found.
 */
const MAILS = [
  {
    from: '"小红书" <no-reply@xiaohongshu.com>',
    subject: '【小红书】您的验证码是 482913',
    text: '您好！您正在登录小红书账号，验证码为482913，5分钟内有效。请勿将验证码告诉他人。',
  },
  {
    from: '"淘宝网" <service@taobao.com>',
    subject: '订单已发货：您购买的商品正在配送中',
    text: '亲爱的用户，您的订单号 7788123 已由顺丰速运发出，预计明天送达。',
  },
  {
    from: '"楽天市場" <info@rakuten.co.jp>',
    subject: '【楽天】ワンタイムパスワードのお知らせ',
    text: 'ログインを完了するには、次の確認コードを入力してください：731904。有効期限は10分です。',
  },
  {
    from: '"쿠팡" <help@coupang.com>',
    subject: '[쿠팡] 인증번호를 확인해 주세요',
    text: '고객님의 인증번호는 552310입니다. 타인에게 절대 알려주지 마세요.',
  },
  {
    from: 'GitHub <noreply@github.com>',
    subject: 'Your GitHub launch code',
    text: 'Here is your GitHub launch code: 12345678. 中文用户：验证码同上。',
  },
];

describe('search finds any part of Chinese, Japanese and Korean text (real SMTP, REST)', () => {
  let m: MailTestApp;
  let email = '';
  const ids: number[] = [];
  beforeAll(async () => {
    m = await startMailTestApp();
    email = (await m.generate()).email;
    for (const mail of MAILS) await sendMail(m.smtpPort, { ...mail, to: email });
    const listed = await m.mails(email);
    ids.push(...listed.map((x) => x.id));
    expect(ids).toHaveLength(MAILS.length);
  });
  afterAll(() => m.close());

  const search = async (q: string): Promise<number[]> => {
    const res = await m.api(`/api/emails/${email}?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    return ((await res.json()) as Mail[]).map((x) => ids.indexOf(x.id));
  };

  it('a word inside a run of Chinese: 验证码, 登录, 发货, 顺丰', async () => {
    expect(await search('验证码')).toEqual([0, 4]);
    expect(await search('登录')).toEqual([0]);
    expect(await search('发货')).toEqual([1]);
    expect(await search('顺丰速运')).toEqual([1]);
    expect(await search('商品')).toEqual([1]);
  });

  it('Japanese and Korean: 確認コード, パスワード, 인증번호', async () => {
    expect(await search('確認コード')).toEqual([2]);
    expect(await search('パスワード')).toEqual([2]);
    expect(await search('인증번호')).toEqual([3]);
    expect(await search('알려')).toEqual([3]);
  });

  it('one character, mixed with Latin and digits, several words, nothing that is not there', async () => {
    expect(await search('码')).toEqual([0, 4]);
    expect(await search('验证码 github')).toEqual([4]);
    expect(await search('验证码为482913')).toEqual([0]);
    expect(await search('小红书 482913')).toEqual([0]);
    // The characters are there, not in this order: no match.
    expect(await search('码证验')).toEqual([]);
    expect(await search('京东')).toEqual([]);
  });

  it('from: and subject: take CJK parts too; is:unread still filters', async () => {
    expect(await search('from:淘宝')).toEqual([1]);
    expect(await search('subject:验证码')).toEqual([0]);
    expect(await search('subject:인증')).toEqual([3]);
    expect(await search('subject:发货 from:小红书')).toEqual([]);
    expect(await search('is:unread 配送')).toEqual([1]);
  });

  it('a deleted mail leaves the index and is not found again', async () => {
    const res = await m.api(`/api/emails/${email}/${ids[1]}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await search('发货')).toEqual([]);
    expect(await search('验证码')).toEqual([0, 4]);
  });
});
