import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiKeyViewSchema,
  CreatedApiKeyViewSchema,
  ServerInfoSchema,
  ServerSettingsSchema,
} from '../../src-shared/api/server-settings.ts';
import { LeaseSchema, type Mail } from '../../src-shared/mail/schemas.ts';
import { TaskSchema } from '../../src-shared/video/schemas.ts';
import { ApiError, type ApiErrorKind } from '../../src-renderer/api/api-error.ts';
import type { LiveStatus } from '../../src-renderer/api/types.ts';
import { simBytes } from '../fixtures/platform-sim/sim-server.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import {
  LAN_ADDRESS,
  MX_DOMAIN,
  TEST_VERSION,
  startIpcHarness,
  type IpcHarness,
} from './ipc-harness.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LIVE_TIMEOUT = { timeout: 10_000 };

/** The ApiError a call rejected with (fails the test when it resolved or threw something else). */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) {
    throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  }
  expect(outcome.error).toBeInstanceOf(ApiError);
  return outcome.error as ApiError;
}

function expectApiError(error: ApiError, kind: ApiErrorKind, status: number | null): void {
  expect({ kind: error.kind, status: error.status }).toEqual({ kind, status });
  expect(error.message).not.toBe('');
}

/** One subscriber's view of `api.mail.subscribe`. */
function recorder() {
  const mails: Mail[] = [];
  const statuses: LiveStatus[] = [];
  return {
    mails,
    statuses,
    handlers: {
      onMail: (mail: Mail) => mails.push(mail),
      onStatus: (status: LiveStatus) => statuses.push(status),
    },
  };
}

/**
 * The renderer's IPC transport (src-renderer/api/ipc-transport.ts) end to end: the api the
 * desktop window's UI calls, over the real preload bridge, the real IPC handlers and the real
 * services; only Electron itself is faked.
 */
describe('renderer api over desktop IPC', () => {
  let h: IpcHarness;
  beforeEach(async () => {
    h = await startIpcHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const httpPort = () => Number(new URL(h.first.localUrl).port);

  it('answers info() in the shape of GET /api/info', async () => {
    const info = ServerInfoSchema.strict().parse(await h.api.info());
    expect(h.api.transport).toBe('ipc');
    expect(info).toEqual({
      version: TEST_VERSION,
      http_url: `http://127.0.0.1:${httpPort()}`,
      lan_url: null,
      lan_enabled: false,
      smtp_port: h.first.smtpPort,
      domains: ['ephemera.localhost'],
      default_domain: 'ephemera.localhost',
      client_is_local: true,
    });
    // The very body the REST endpoint answers this machine.
    const rest = await fetch(`${info.http_url}/api/info`);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual(info);
  });

  it('has the desktop-only calls: port notices, start at login, the logs folder', async () => {
    const desktop = h.api.desktop;
    expect(desktop).not.toBeNull();
    expect(desktop?.portChanges()).toEqual([]);
    // The harness is a development run: start at login is not offered.
    expect(await desktop?.loginItem()).toEqual({ available: false, enabled: false });
    expect(await desktop?.setLoginItem(true)).toEqual({ available: false, enabled: false });
    await expect(desktop?.openLogsFolder()).resolves.toBeUndefined();
  });

  it("opens a mail's link through desktop:open-link, http(s) only (issue 19)", async () => {
    const desktop = h.api.desktop;
    await expect(desktop?.openLink('https://x.example/confirm?t=1')).resolves.toBeUndefined();
    await expect(desktop?.openLink('file:///etc/passwd')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
  it('Settings → Updates over IPC: a development run updates nothing; the switch is saved', async () => {
    const updates = h.api.desktop?.updates;
    expect(await updates?.state()).toMatchObject({ mode: 'none', phase: 'off', available: null });
    expect(await updates?.check()).toMatchObject({ mode: 'none' });
    await updates?.setEnabled(false);
    expect((await h.api.settings.get()).auto_updates).toBe(false);
    await updates?.setEnabled(true);
    expect((await h.api.settings.get()).auto_updates).toBe(true);
  });

  it('reads and changes settings: LAN sharing on and off, a port clash, an MX check', async () => {
    const before = ServerSettingsSchema.strict().parse(await h.api.settings.get());
    expect(before).toMatchObject({
      lan_enabled: false,
      lan_url: null,
      http_port: httpPort(),
      smtp_port: h.first.smtpPort,
      restart_required: false,
    });

    const shared = await h.api.settings.update({ lan_enabled: true });
    expect(shared).toMatchObject({
      lan_enabled: true,
      lan_url: `http://${LAN_ADDRESS}:${httpPort()}`,
    });
    expect(await h.api.info()).toMatchObject({
      lan_enabled: true,
      lan_url: `http://${LAN_ADDRESS}:${httpPort()}`,
      // This machine keeps using loopback, and the media links with it.
      http_url: `http://127.0.0.1:${httpPort()}`,
    });
    expect(h.api.video.mediaUrl('/api/health')).toBe(`http://127.0.0.1:${httpPort()}/api/health`);
    expect((await fetch(h.api.video.mediaUrl('/api/health'))).status).toBe(200);

    const unshared = await h.api.settings.update({ lan_enabled: false });
    expect(unshared).toMatchObject({ lan_enabled: false, lan_url: null });
    expect(await h.api.info()).toMatchObject({ lan_enabled: false, lan_url: null });

    const clash = await apiErrorOf(h.api.settings.update({ http_port: h.first.smtpPort }));
    expectApiError(clash, 'bad_request', 400);
    expect(clash.message).toMatch(/two different ports/);
    expect(clash.extra).toMatchObject({ code: 'SETTINGS_INVALID', reason: 'ports_same' });
    // A refused change applies nothing.
    expect(await h.api.settings.get()).toMatchObject({
      http_port: httpPort(),
      restart_required: false,
    });

    expect(await h.api.settings.checkMx(MX_DOMAIN)).toEqual({
      domain: MX_DOMAIN,
      records: [
        { exchange: 'mx1.example.org', priority: 10 },
        { exchange: 'mx2.example.org', priority: 20 },
      ],
      error: null,
      problem: null,
    });
    expect(h.mxLookups).toEqual([MX_DOMAIN]);
  });

  it('creates, lists, disables and deletes API keys in the REST shapes', async () => {
    const created = CreatedApiKeyViewSchema.strict().parse(await h.api.settings.createKey('phone'));
    expect(created.key).toMatch(/^eph_/);
    expect(created).toMatchObject({
      name: 'phone',
      hint: created.key.slice(-4),
      disabled_at: null,
    });
    expect(created.created_at).toMatch(ISO);

    const { keys: listed, currentKeyId } = await h.api.settings.listKeys();
    expect(currentKeyId).toBeNull();
    const mine = listed.find((k) => k.id === created.id);
    expect(mine).toBeDefined();
    expect(ApiKeyViewSchema.strict().parse(mine)).toEqual({
      id: created.id,
      name: 'phone',
      hint: created.hint,
      created_at: created.created_at,
      disabled_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const disabled = ApiKeyViewSchema.strict().parse(await h.api.settings.disableKey(created.id));
    expect(disabled.id).toBe(created.id);
    expect(disabled.disabled_at).toMatch(ISO);
    const enabled = ApiKeyViewSchema.strict().parse(await h.api.settings.enableKey(created.id));
    expect(enabled.disabled_at).toBeNull();

    await h.api.settings.deleteKey(created.id);
    expect((await h.api.settings.listKeys()).keys.some((k) => k.id === created.id)).toBe(false);
    expectApiError(await apiErrorOf(h.api.settings.deleteKey(created.id)), 'not_found', 404);
    expectApiError(await apiErrorOf(h.api.settings.enableKey(created.id)), 'not_found', 404);
    expectApiError(await apiErrorOf(h.api.settings.disableKey(created.id)), 'not_found', 404);
  });

  it('grabs a video, serves it from the local server and saves it through the dialog', async () => {
    const size = 256 * 1024 + 13;
    const video = publishVideo(h.sim, { size }, { title: 'IPC clip' });
    const created = await h.api.video.create(`7.17 看看 ${video.shareUrl} 复制此链接`);
    expect(created).toMatchObject({ platform: 'douyin', status: 'queued', ttl_seconds: 180 });

    await expect
      .poll(async () => (await h.api.video.get(created.task_id)).status, { timeout: 15_000 })
      .toMatch(/^(completed|failed)$/);
    const task = TaskSchema.strict().parse(await h.api.video.get(created.task_id));
    expect(task).toMatchObject({ status: 'completed', title: 'IPC clip', error: null });
    const media = task.media;
    if (!media) throw new Error('a completed task has media');
    expect(media.size).toBe(size);

    const url = h.api.video.mediaUrl(media.download_url);
    expect(url).toBe(`http://127.0.0.1:${httpPort()}/api/tasks/${task.task_id}/download`);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(simBytes(0, size))).toBe(true);

    const save = h.api.video.save;
    if (!save) throw new Error('the IPC transport saves through the native dialog');
    expect(await save(task)).toBe('saved');
    expect(fs.readFileSync(h.savePath).equals(simBytes(0, size))).toBe(true);
    expect(h.saveAsks).toHaveLength(1);
    expect(path.dirname(h.saveAsks[0]?.defaultPath ?? '')).toBe(path.dirname(h.savePath));
    expect(h.saveAsks[0]?.filters).toEqual([{ name: 'Video', extensions: ['mp4'] }]);

    expectApiError(await apiErrorOf(h.api.video.get('nope')), 'gone', 410);
    expectApiError(
      await apiErrorOf(h.api.video.create('no link in here at all')),
      'validation',
      422,
    );
    expect((await h.api.video.capacity()).used).toBe(1);
  });

  it('leases a mailbox and delivers its mail live, once per subscriber', async () => {
    const lease = LeaseSchema.strict().parse(await h.api.mail.generate());
    expect(lease.domain).toBe('ephemera.localhost');
    // A chosen domain goes over IPC as over REST: a pool entry, or MAIL_DOMAIN_UNSUPPORTED.
    expect((await h.api.mail.generate('Ephemera.Localhost')).domain).toBe('ephemera.localhost');
    await expect(h.api.mail.batch(2, 'other.example')).rejects.toMatchObject({
      status: 400,
      code: 'MAIL_DOMAIN_UNSUPPORTED',
    });

    const a = recorder();
    const stopA = h.api.mail.subscribe(lease.email, 0, a.handlers);
    expect(a.statuses).toEqual(['connecting']);
    await expect.poll(() => a.statuses, LIVE_TIMEOUT).toEqual(['connecting', 'live']);
    expect(h.watches.watching()).toEqual([lease.email]);

    await sendMail(h.first.smtpPort, {
      to: lease.email,
      subject: 'Your verification code',
      text: 'Your verification code is 482913. It expires in 10 minutes.',
    });
    await expect.poll(() => a.mails.length, LIVE_TIMEOUT).toBe(1);
    expect(a.mails[0]).toMatchObject({ email: lease.email, code: '482913' });
    const first = a.mails[0] as Mail;

    // A second page of the same mailbox from the start: the stored mail once, then live.
    const b = recorder();
    const stopB = h.api.mail.subscribe(lease.email, 0, b.handlers);
    await expect.poll(() => b.statuses, LIVE_TIMEOUT).toEqual(['connecting', 'live']);
    expect(b.mails.map((m) => m.id)).toEqual([first.id]);
    expect(a.mails.map((m) => m.id)).toEqual([first.id]);

    stopB();
    stopA();
    await expect.poll(() => h.watches.watching(), LIVE_TIMEOUT).toEqual([]);
    await sendMail(h.first.smtpPort, {
      to: lease.email,
      subject: 'Another code',
      text: 'Your verification code is 771204.',
    });
    // Stored (and published on the hub) before mail:list can see it.
    await expect
      .poll(async () => (await h.api.mail.list(lease.email, first.id)).length, LIVE_TIMEOUT)
      .toBe(1);
    expect(a.mails.map((m) => m.id)).toEqual([first.id]);
    expect(b.mails.map((m) => m.id)).toEqual([first.id]);
    expect(a.statuses).toEqual(['connecting', 'live']);

    const extended = await h.api.mail.extend(lease.email);
    expect(extended.email).toBe(lease.email);
    expect(extended.extension_count).toBe(lease.extension_count + 1);
    expect(Date.parse(extended.expires_at)).toBeGreaterThan(Date.parse(lease.expires_at));
  });

  // Each subscription sends its own mail:watch and mail:unwatch; main counts them, as each
  // WebSocket is its own subscription over REST.
  it('keeps a subscription live when another subscription of the same mailbox stops', async () => {
    const lease = await h.api.mail.generate();
    const a = recorder();
    const b = recorder();
    const stopA = h.api.mail.subscribe(lease.email, 0, a.handlers);
    const stopB = h.api.mail.subscribe(lease.email, 0, b.handlers);
    await expect
      .poll(() => [a.statuses, b.statuses], LIVE_TIMEOUT)
      .toEqual([
        ['connecting', 'live'],
        ['connecting', 'live'],
      ]);

    stopA();
    await sendMail(h.first.smtpPort, {
      to: lease.email,
      subject: 'Your verification code',
      text: 'Your verification code is 130502.',
    });
    await expect
      .poll(async () => (await h.api.mail.list(lease.email, 0)).length, LIVE_TIMEOUT)
      .toBe(1);
    // The hub publishes as the mail is stored, and mail:received is synchronous from there: a
    // live subscriber has it before mail:list can answer.
    expect(a.mails).toEqual([]);
    expect(b.mails.map((m) => m.code)).toEqual(['130502']);
    stopB();
  });

  // main normalises any spelling of an address, and so does the transport's own filter.
  it('delivers the mail of an address given in another case', async () => {
    const lease = await h.api.mail.generate();
    await sendMail(h.first.smtpPort, {
      to: lease.email,
      subject: 'Your verification code',
      text: 'Your verification code is 604418.',
    });
    await expect
      .poll(async () => (await h.api.mail.list(lease.email.toUpperCase(), 0)).length, LIVE_TIMEOUT)
      .toBe(1);
    const a = recorder();
    const stop = h.api.mail.subscribe(lease.email.toUpperCase(), 0, a.handlers);
    await expect.poll(() => a.statuses, LIVE_TIMEOUT).toEqual(['connecting', 'live']);
    stop();
    expect(a.mails.map((m) => m.code)).toEqual(['604418']);
  });
  // Listings stop at a 4 MiB budget (about 8 cut mails of 2 × 1 MiB here): the catch-up reads
  // on until a page is empty, and the whole mail is one call away.
  it('catches up past a byte-budgeted page and fetches a cut mail whole', async () => {
    const lease = await h.api.mail.generate();
    const { mail } = await h.controller.services();
    const body = (i: number): string => `[${i}]` + 'b'.repeat(1024 * 1024);
    const stored = Array.from({ length: 20 }, (_, i) =>
      mail.store.insert([
        {
          email: lease.email,
          from: 'big@example.org',
          fromName: null,
          to: [lease.email],
          subject: `big ${i}`,
          text: body(i),
          html: `<p>${body(i)}</p>`,
          receivedAt: Date.now(),
          code: null,
          link: null,
          size: 3 * 1024 * 1024,
          attachments: [],
        },
      ]),
    ).flat();
    expect((await h.api.mail.list(lease.email, 0)).length).toBeLessThan(20);
    const a = recorder();
    const stop = h.api.mail.subscribe(lease.email, 0, a.handlers);
    await expect.poll(() => a.statuses, LIVE_TIMEOUT).toEqual(['connecting', 'live']);
    stop();
    expect(a.mails.map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(a.mails.every((m) => m.truncated)).toBe(true);
    const whole = await h.api.mail.full(lease.email, stored[4]?.id ?? 0);
    expect(whole.truncated).toBe(false);
    expect(whole.text).toBe(body(4));
    expect(whole.html).toBe(`<p>${body(4)}</p>`);
  });
  it('searches, marks read, deletes one mail and empties a mailbox, with REST errors', async () => {
    const lease = await h.api.mail.generate();
    const other = await h.api.mail.generate();
    const { mail } = await h.controller.services();
    const stored = ['Your GitHub code', 'Weekly news', 'GitHub digest'].flatMap((subject) =>
      mail.store.insert([
        {
          email: lease.email,
          from: 'sender@example.org',
          fromName: null,
          to: [lease.email],
          subject,
          text: 'hello',
          html: null,
          receivedAt: Date.now(),
          code: null,
          link: null,
          size: 100,
          attachments: [],
        },
      ]),
    );
    const ids = (mails: Mail[]) => mails.map((m) => m.id);
    const [first, second, third] = stored.map((m) => m.id);
    expect(ids(await h.api.mail.search(lease.email, 'github', 0))).toEqual([first, third]);
    expect(ids(await h.api.mail.search(lease.email, 'github', first ?? 0))).toEqual([third]);
    expectApiError(await apiErrorOf(h.api.mail.search(lease.email, '  ', 0)), 'bad_request', 400);
    expectApiError(await apiErrorOf(h.api.mail.search(lease.email, '"*"', 0)), 'bad_request', 400);

    await h.api.mail.setRead(lease.email, first ?? 0, true);
    expect((await h.api.mail.list(lease.email, 0)).map((m) => m.read)).toEqual([
      true,
      false,
      false,
    ]);
    expect((await h.api.mail.full(lease.email, first ?? 0)).read).toBe(true);
    expectApiError(
      await apiErrorOf(h.api.mail.setRead(other.email, first ?? 0, true)),
      'not_found',
      404,
    );
    // Mark all read over IPC: how many were unread, then none; the mailbox's mails read.
    expect(await h.api.mail.readAll(lease.email)).toBe(2);
    expect((await h.api.mail.list(lease.email, 0)).every((m) => m.read)).toBe(true);
    expect(await h.api.mail.readAll(lease.email)).toBe(0);

    await h.api.mail.delete(lease.email, second ?? 0);
    expect(ids(await h.api.mail.list(lease.email, 0))).toEqual([first, third]);
    expectApiError(await apiErrorOf(h.api.mail.delete(lease.email, second ?? 0)), 'not_found', 404);
    expectApiError(await apiErrorOf(h.api.mail.delete(other.email, first ?? 0)), 'not_found', 404);
    expect(await h.api.mail.empty(lease.email)).toBe(2);
    expect(await h.api.mail.list(lease.email, 0)).toEqual([]);
    expect(await h.api.mail.empty(lease.email)).toBe(0);
  });
  it('saves a mail as .eml and its attachment through the dialog, and shows its source', async () => {
    const lease = await h.api.mail.generate();
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x0a]);
    await sendMail(h.first.smtpPort, {
      to: lease.email,
      subject: 'Invoice',
      text: 'The invoice is attached.',
      attachments: [{ filename: 'invoice 11.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    // Listed at once; the attachments are known once the background parse has run.
    await expect
      .poll(
        async () => (await h.api.mail.list(lease.email, 0))[0]?.attachments.length,
        LIVE_TIMEOUT,
      )
      .toBe(1);
    const [mail] = await h.api.mail.list(lease.email, 0);
    if (!mail) throw new Error('the mail is listed');

    expect(await h.api.mail.saveAttachment(mail, 0)).toBe('saved');
    expect(fs.readFileSync(h.savePath).equals(pdf)).toBe(true);
    expect(path.basename(h.saveAsks.at(-1)?.defaultPath ?? '')).toBe('invoice 11.pdf');

    expect(await h.api.mail.saveRaw(mail)).toBe('saved');
    const eml = fs.readFileSync(h.savePath);
    expect(path.basename(h.saveAsks.at(-1)?.defaultPath ?? '')).toBe('Invoice.eml');
    expect(eml.length).toBe(mail.size);
    expect(eml.toString('latin1')).toContain('Subject: Invoice');
    expect(eml.toString('latin1')).toContain(pdf.toString('base64'));

    const source = await h.api.mail.rawSource(lease.email, mail.id);
    expect(source).toEqual({ text: eml.toString('utf8'), bytes: eml.length, truncated: false });

    expectApiError(await apiErrorOf(h.api.mail.saveAttachment(mail, 1)), 'not_found', 404);
    const asks = h.saveAsks.length;
    await h.api.mail.delete(lease.email, mail.id);
    expectApiError(await apiErrorOf(h.api.mail.saveRaw(mail)), 'not_found', 404);
    expectApiError(await apiErrorOf(h.api.mail.rawSource(lease.email, mail.id)), 'not_found', 404);
    expect(h.saveAsks.length).toBe(asks);
  });
});
