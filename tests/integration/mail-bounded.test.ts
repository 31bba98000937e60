import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import {
  BulkResponseSchema,
  MailListSchema,
  MailSchema,
  type Mail,
} from '../../src-shared/mail/schemas.ts';
import {
  deliverMany,
  HUGE_HTML_CHARS,
  hugeText,
  storeHugeMails,
} from '../helpers/mail-fixtures.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { WsClient } from '../helpers/ws-client.ts';

const MiB = 1024 * 1024;
const HUGE_COUNT = 24;
/** A list answer may pass the budget by one mail at most (one cut mail, well under 1 MiB). */
const MAX_ANSWER_BYTES = MAIL_LIMITS.responseBytes + MiB;

const path = (email: string, rest = ''): string =>
  `/api/emails/${encodeURIComponent(email)}${rest}`;

describe('a mailbox full of ~10 MiB mails: every answer is bounded, nothing is lost', () => {
  let m: MailTestApp;
  let email: string;
  let huge: Mail[];
  beforeAll(async () => {
    m = await startMailTestApp({ mail: { stream: { maxBufferedBytes: MiB } } });
    email = (await m.generate()).email;
    huge = storeHugeMails(m.t.app.mail.store, email, HUGE_COUNT);
  }, 120_000);
  afterAll(() => m.close());

  it('GET /api/emails/{email}?limit=200 stops at the byte budget, says more, and after_id reaches every mail', async () => {
    const seen: number[] = [];
    let afterId = 0;
    for (let round = 0; round < HUGE_COUNT + 1; round++) {
      const res = await m.api(path(email, `?limit=200&after_id=${afterId}`));
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body.length).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      const mails = MailListSchema.parse(JSON.parse(body));
      expect(mails.length).toBeGreaterThanOrEqual(1);
      for (const mail of mails) {
        expect(MailSchema.strict().parse(mail).truncated).toBe(true);
        expect(mail.text).toHaveLength(MAIL_LIMITS.listBodyChars);
        expect(mail.html).toHaveLength(MAIL_LIMITS.listBodyChars);
        expect(mail.text?.startsWith(`[mail ${huge.findIndex((h) => h.id === mail.id)}]`)).toBe(
          true,
        );
      }
      seen.push(...mails.map((x) => x.id));
      afterId = mails.at(-1)?.id ?? afterId;
      const more = res.headers.get('x-ephemera-more');
      if (more === 'false') break;
      expect(more).toBe('true');
      expect(mails.length).toBeLessThan(HUGE_COUNT);
    }
    expect(seen).toEqual(huge.map((x) => x.id));
  });

  it('the header says false once the last mail came back, and true when only limit stopped the page', async () => {
    const last = huge.at(-1)?.id ?? 0;
    const end = await m.api(path(email, `?after_id=${last - 1}`));
    expect(end.headers.get('x-ephemera-more')).toBe('false');
    expect(((await end.json()) as Mail[]).map((x) => x.id)).toEqual([last]);
    const cut = await m.api(path(email, `?limit=1`));
    expect(cut.headers.get('x-ephemera-more')).toBe('true');
    const empty = await m.api(path(email, `?after_id=${last}`));
    expect(await empty.json()).toEqual([]);
    expect(empty.headers.get('x-ephemera-more')).toBe('false');
  });

  it('POST /api/emails/bulk shares the budget across items, says more per item, and reaches every mail', async () => {
    const { email: small } = await m.generate();
    const smallMails = await deliverMany(m.t.app, small, 3);
    const seen = new Map<string, number[]>([
      [email, []],
      [small, []],
    ]);
    const after = new Map<string, number>([
      [email, 0],
      [small, 0],
    ]);
    let rounds = 0;
    for (; rounds < HUGE_COUNT + 2; rounds++) {
      const res = await m.api('/api/emails/bulk', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [...after].map(([e, a]) => ({ email: e, after_id: a, limit: 200 })),
        }),
      });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body.length).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      const { results } = BulkResponseSchema.parse(JSON.parse(body));
      let anyMore = false;
      for (const result of results) {
        if (!('mails' in result)) throw new Error(`item failed: ${result.error}`);
        seen.get(result.email)?.push(...result.mails.map((x) => x.id));
        const lastId = result.mails.at(-1)?.id;
        if (lastId !== undefined) after.set(result.email, lastId);
        anyMore ||= result.more;
      }
      if (!anyMore) break;
    }
    expect(rounds).toBeGreaterThan(2);
    expect(seen.get(email)).toEqual(huge.map((x) => x.id));
    expect(seen.get(small)).toEqual(smallMails.map((x) => x.id));
  });

  it('GET /api/emails/{email}/{id} answers the whole mail, uncut', async () => {
    const target = huge[3];
    if (!target) throw new Error('no mail');
    const res = await m.api(path(email, `/${target.id}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const mail = MailSchema.strict().parse(await res.json());
    expect(mail.truncated).toBe(false);
    expect(mail.text).toBe(hugeText(3));
    expect(mail.html).toHaveLength(HUGE_HTML_CHARS);
    expect(mail.subject).toBe('huge 3');
    expect({ ...mail, text: null, html: null }).toEqual({
      ...target,
      text: null,
      html: null,
      truncated: false,
    });
  });

  it("the whole-mail endpoint: 404 for another mailbox's id or an unknown one, 400 for a bad id, 401 without a key", async () => {
    const { email: other } = await m.generate();
    const target = huge[0];
    if (!target) throw new Error('no mail');
    const expectDetail = async (res: Response, status: number): Promise<void> => {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ detail: expect.any(String) as unknown });
    };
    await expectDetail(await m.api(path(other, `/${target.id}`)), 404);
    await expectDetail(await m.api(path(email, '/999999999')), 404);
    await expectDetail(await m.api(path('nobody@ephemera.localhost', `/${target.id}`)), 404);
    await expectDetail(await m.api(path(email, '/abc')), 400);
    await expectDetail(await m.api(path(email, '/0')), 400);
    await expectDetail(await m.api(path(email, '/-3')), 400);
    await expectDetail(await m.t.request(path(email, `/${target.id}`)), 401);
  });

  it('the WebSocket replay of every mail after after_id=0 arrives cut, and the stream is still live afterwards', async () => {
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}&after_id=0`;
    const client = await WsClient.connect(url);
    try {
      const isEmail = (x: { type: string }): boolean => x.type === 'email';
      await client.waitFor(isEmail, HUGE_COUNT, 60_000);
      for (const msg of client.messages) {
        if (msg.type === 'email') expect(msg.data.truncated).toBe(true);
      }
      // The replay filled the socket far past maxBufferedBytes (1 MiB here) in total, but
      // drained before going live: the first live mail is delivered, not a reason to drop.
      const [live] = await deliverMany(m.t.app, email, 1);
      await client.waitFor(isEmail, HUGE_COUNT + 1);
      expect(client.emails()).toEqual([...huge.map((x) => x.id), live?.id]);
    } finally {
      client.close();
    }
  }, 90_000);
});

describe('huge mails through SMTP', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('a 3 MiB body is listed cut (truncated: true), pushed cut, and readable whole by id', async () => {
    const { email } = await m.generate();
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}`;
    const client = await WsClient.connect(url);
    try {
      const body = `Your code is 740213.\n${'lorem ipsum '.repeat(256 * 1024)}`;
      await sendMail(m.smtpPort, { to: email, subject: 'Big one', text: body });
      const [listed] = await m.mails(email);
      expect(listed?.truncated).toBe(true);
      expect(listed?.code).toBe('740213');
      expect(listed?.text?.length).toBe(MAIL_LIMITS.listBodyChars);
      const [pushed] = await client.waitFor((x) => x.type === 'email');
      expect(pushed).toEqual({ type: 'email', data: listed });
      const whole = (await (await m.api(path(email, `/${listed?.id}`))).json()) as Mail;
      expect(whole.text?.trimEnd()).toBe(body.trimEnd());
      expect(whole.truncated).toBe(false);
    } finally {
      client.close();
    }
  });

  it('a small mail is listed whole with truncated: false, and its by-id answer is the same mail', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Small \u{1F600} one',
      text: 'héllo 😀 code 551204',
    });
    const [listed] = await m.mails(email);
    expect(listed?.truncated).toBe(false);
    const whole = (await (await m.api(path(email, `/${listed?.id}`))).json()) as Mail;
    expect(whole).toEqual(listed);
  });
});
