import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

const LEVELS = 30_000;
const deepArray = '['.repeat(LEVELS) + ']'.repeat(LEVELS);
/** Deep inside a string: brackets there are text, not nesting. */
const bracketsInString = JSON.stringify({ text: `https://v.douyin.com/x/ ${'[{'.repeat(5000)}` });

describe('deeply nested JSON bodies', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  const post = (path: string, body: string, method = 'POST'): Promise<Response> =>
    m.api(path, { method, headers: { 'content-type': 'application/json' }, body });

  it('a video route answers 422 json_invalid in the documented {detail} item shape', async () => {
    const res = await post('/api/tasks', deepArray);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [
        {
          type: 'json_invalid',
          loc: ['body', 200],
          msg: 'JSON decode error',
          input: {},
          ctx: {
            error: 'Recursion limit exceeded: nested deeper than 200 levels at position 200',
          },
        },
      ],
    });
  });

  it.each([
    ['POST', '/api/emails/bulk'],
    ['PATCH', '/api/settings'],
    ['POST', '/api/keys'],
  ])('%s %s answers 400 {detail: sentence}', async (method, path) => {
    const res = await post(path, deepArray, method);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string };
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(/^The body is not valid JSON: Recursion limit exceeded/);
  });

  it('200 levels are still read, and brackets inside strings are not nesting', async () => {
    const ok = '['.repeat(200) + ']'.repeat(200);
    const res = await post('/api/tasks', ok);
    // Parsed, then refused as no object (pydantic's shape), not as bad JSON.
    expect(res.status).toBe(422);
    const [item] = ((await res.json()) as { detail: { type: string }[] }).detail;
    expect(item?.type).toBe('model_attributes_type');
    const share = await post('/api/tasks', bracketsInString);
    expect(share.status).not.toBe(500);
    const [shareItem] = ((await share.json()) as { detail: unknown }).detail as { type?: string }[];
    expect(shareItem?.type).not.toBe('json_invalid');
  });
});
