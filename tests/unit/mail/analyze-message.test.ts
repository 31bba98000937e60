import { describe, expect, it } from 'vitest';
import { analyzeInProcess } from '../../../src-main/mail/parse/analyze-message.ts';

const raw = Buffer.from('Subject: hi\r\nContent-Type: text/plain\r\n\r\ncode 123456\r\n');

describe('analyzeInProcess', () => {
  it('hands subject, text and html to the extractor and keeps its answer', async () => {
    const seen: unknown[] = [];
    const analyze = analyzeInProcess((mail) => {
      seen.push(mail);
      return '123456';
    });
    const result = await analyze(raw, 'env@example.org');
    expect(seen).toMatchObject([{ subject: 'hi', text: 'code 123456\n', html: null }]);
    expect(result).toMatchObject({ subject: 'hi', code: '123456', from: 'env@example.org' });
  });

  it('a throwing extractor costs the code, never the mail', async () => {
    const analyze = analyzeInProcess(() => {
      throw new Error('extractor bug');
    });
    const result = await analyze(raw, null);
    expect(result).toMatchObject({ subject: 'hi', code: null });
  });
});

describe('analyzeInProcess: the link', () => {
  it('hands the same parts to the link extractor and keeps its answer beside the code', async () => {
    const analyze = analyzeInProcess(
      () => '123456',
      (mail) => (mail.subject === 'hi' ? 'https://x.example/confirm' : null),
    );
    expect(await analyze(raw, null)).toMatchObject({
      code: '123456',
      link: 'https://x.example/confirm',
    });
  });

  it('a throwing link extractor costs the link, never the code or the mail', async () => {
    const analyze = analyzeInProcess(
      () => '123456',
      () => {
        throw new Error('extractor bug');
      },
    );
    expect(await analyze(raw, null)).toMatchObject({ subject: 'hi', code: '123456', link: null });
  });
});
