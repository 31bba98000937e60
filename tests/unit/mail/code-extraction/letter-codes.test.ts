import { describe, expect, it } from 'vitest';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';

/** Issue 33: letter codes when the mail calls them a code, and codes written in digit groups. */

const text = (subject: string, body: string) => ({ subject, text: body, html: null });

describe('codes of capital letters in two parts', () => {
  it('WXRT-KQPL after "verification code", in a sentence or alone on its line', () => {
    expect(extractCode(text('Your code', 'Your verification code is WXRT-KQPL'))).toBe('WXRT-KQPL');
    expect(extractCode(text('Your code', 'Your verification code:\nWXRT-KQPL\n'))).toBe(
      'WXRT-KQPL',
    );
  });

  it('a letter code closed by a verb-last copula (Japanese です, Persian است)', () => {
    expect(extractCode(text('認証コード', '確認コードは EYMP-UBHT です。'))).toBe('EYMP-UBHT');
    expect(extractCode(text('کد تأیید', 'کد تأیید شما XZQ-EPG است.'))).toBe('XZQ-EPG');
  });

  it('not a pair of capital words the mail does not call a code', () => {
    expect(
      extractCode(text('Hello', 'Welcome to the NEW-YORK office. Your order is ready.')),
    ).toBeNull();
    expect(extractCode(text('Your code', 'Your code is WXRT-KQPL'))).toBeNull();
  });
});

describe('codes already found (kept)', () => {
  it('mixed letter codes and digits written in two groups', () => {
    expect(extractCode(text('Code', 'Your verification code is HJKM-4TRX.'))).toBe('HJKM-4TRX');
    expect(extractCode(text('Code', 'Use this code to sign in: WQ7-RZ4'))).toBe('WQ7-RZ4');
    expect(extractCode(text('Code', 'Your verification code is 472 915. It expires soon.'))).toBe(
      '472915',
    );
  });
});
