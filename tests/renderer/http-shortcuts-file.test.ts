import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTTP_SHORTCUTS_KEYS,
  httpShortcutsImport,
  type HttpShortcutsText,
} from '../../src-renderer/features/phone/http-shortcuts.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

/**
 * The Phone page's HTTP Shortcuts import file, checked two ways: against the rules the app's
 * importer enforces on a file (ids, names, variable keys, header names, timeouts, see
 * docs/phone.md), and by running it: a small stand-in for the app resolves the
 * `{{id}}` placeholders, sends each request to the real server and runs the shortcut's scripts
 * with the app's script functions, so the file's requests and scripts are proven end to end.
 */

const TEXT: HttpShortcutsText = {
  category: 'Ephemera',
  grab: 'Grab video',
  grabDescription: 'd',
  status: 'Status',
  address: 'New mail address',
  addressDescription: 'd',
  code: 'Wait for the code',
  codeDescription: 'd',
  keyTitle: 'Key',
  keyMessage: 'm',
  started: 'Started',
  ready: 'Ready',
  failed: 'Failed',
  timedOut: 'Timed out',
  copied: 'Copied:',
  codeCopied: 'Code copied:',
  noMail: 'No mail',
};

interface Variable {
  id: string;
  key: string;
  type: string;
  value: string;
  jsonEncode?: boolean;
  rememberValue?: boolean;
  flags: number;
}
interface Shortcut {
  id: string;
  name: string;
  method: string;
  url: string;
  timeout: number;
  contentType: string;
  bodyContent?: string;
  headers?: { id: string; key: string; value: string }[];
  codeOnSuccess?: string;
  codeOnFailure?: string;
}
interface ImportFile {
  version: number;
  compatibilityVersion: number;
  categories: { id: string; name: string; shortcuts: Shortcut[] }[];
  variables: Variable[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PLACEHOLDER = /\{\{([^}]+)\}\}/g;

interface Answer {
  statusCode: number;
  body: string;
}
interface Run {
  status: 'success' | 'failure';
  response: Answer | null;
  networkError: string | null;
}

/** What the scripts did: dialogs, toasts, clipboard, opened URLs. */
interface Effects {
  dialogs: string[];
  toasts: string[];
  clipboard: string[];
  opened: string[];
}

/**
 * Runs shortcuts as the app does, as far as these use it. The app's `executeShortcut` is
 * synchronous; here requests are async, so scripts run as async functions with `await` put
 * before each `executeShortcut(` and the `main()` they define (a text change, nothing else).
 */
class Runner {
  readonly values = new Map<string, string>();
  readonly effects: Effects = { dialogs: [], toasts: [], clipboard: [], opened: [] };

  constructor(
    private readonly file: ImportFile,
    private readonly prompted: string | null = null,
  ) {
    for (const v of file.variables) this.values.set(v.key, v.value);
  }

  private shortcut(idOrName: string): Shortcut {
    const all = this.file.categories.flatMap((c) => c.shortcuts);
    const found = all.find((s) => s.id === idOrName || s.name === idOrName);
    if (!found) throw new Error(`no shortcut ${idOrName}`);
    return found;
  }

  private resolve(text: string, overrides: Record<string, string>): string {
    return text.replace(PLACEHOLDER, (_all, id: string) => {
      const v = this.file.variables.find((x) => x.id === id);
      if (!v) throw new Error(`placeholder of no variable: ${id}`);
      let value = overrides[v.key] ?? this.values.get(v.key) ?? '';
      if (v.type === 'password' && value === '') {
        if (this.prompted === null) throw new Error('prompted for a key nobody gave');
        value = this.prompted;
        if (v.rememberValue) this.values.set(v.key, value);
      }
      return v.jsonEncode ? JSON.stringify(value).slice(1, -1) : value;
    });
  }

  async run(idOrName: string, overrides: Record<string, string> = {}): Promise<Run> {
    const s = this.shortcut(idOrName);
    const headers: Record<string, string> = {};
    for (const h of s.headers ?? []) headers[h.key] = this.resolve(h.value, overrides);
    let run: Run;
    try {
      const res = await fetch(this.resolve(s.url, overrides), {
        method: s.method,
        headers: s.bodyContent ? { ...headers, 'content-type': s.contentType } : headers,
        body: s.bodyContent ? this.resolve(s.bodyContent, overrides) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(s.timeout),
      });
      const response = { statusCode: res.status, body: await res.text() };
      run = { status: res.status < 400 ? 'success' : 'failure', response, networkError: null };
    } catch (err) {
      run = { status: 'failure', response: null, networkError: String(err) };
    }
    const code = run.status === 'success' ? s.codeOnSuccess : s.codeOnFailure;
    if (code) await this.script(code, run);
    return run;
  }

  private async script(code: string, run: Run): Promise<void> {
    const asAsync = code
      .replace(/function main\(\)/g, 'async function main()')
      .replace(/^main\(\);$/m, 'await main();')
      .replace(/executeShortcut\(/g, 'await executeShortcut(');
    const e = this.effects;
    const api = {
      response: run.response,
      networkError: run.networkError,
      executeShortcut: (id: string, vars: Record<string, string> = {}) => this.run(id, vars),
      setVariable: (key: string, value: string) => void this.values.set(key, value),
      showToast: (m: string) => void e.toasts.push(m),
      showDialog: (m: string) => void e.dialogs.push(m),
      copyToClipboard: (v: string) => void e.clipboard.push(v),
      openUrl: (u: string) => void e.opened.push(u),
    };
    // A context of its own: the script sees only the app's functions and `response`.
    await (vm.runInNewContext(
      `(async () => {\n${asAsync}\n})()`,
      { ...api, JSON, String },
      {
        timeout: 1000,
      },
    ) as Promise<void>);
  }
}

describe('the HTTP Shortcuts import file of the Phone page', () => {
  let m: MailTestApp;
  let base: string;
  beforeAll(async () => {
    m = await startMailTestApp();
    base = m.t.app.httpUrl;
  });
  afterAll(() => m.close());

  const build = (apiKey: string | null): ImportFile =>
    JSON.parse(
      JSON.stringify(httpShortcutsImport({ baseUrl: base, apiKey, text: TEXT })),
    ) as ImportFile;

  it("passes the app's import checks: version, ids, names, keys, headers, timeouts, placeholders", () => {
    const file = build(null);
    expect(file.version).toBeGreaterThan(0);
    expect(file.compatibilityVersion).toBeLessThanOrEqual(file.version);
    const shortcuts = file.categories.flatMap((c) => c.shortcuts);
    for (const c of file.categories) {
      expect(c.id).toMatch(UUID);
      expect(c.name.trim()).not.toBe('');
    }
    const ids = [...file.categories, ...shortcuts, ...file.variables].map((x) => x.id);
    ids.push(...shortcuts.flatMap((s) => (s.headers ?? []).map((h) => h.id)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID);
    for (const v of file.variables) expect(v.key).toMatch(/^[A-Za-z0-9_]{1,30}$/);
    expect(new Set(file.variables.map((v) => v.key)).size).toBe(file.variables.length);
    const known = new Set(file.variables.map((v) => v.id));
    for (const s of shortcuts) {
      expect(s.name.trim()).not.toBe('');
      expect(s.name.length).toBeLessThanOrEqual(50);
      expect(s.timeout).toBeGreaterThanOrEqual(250);
      expect(s.timeout).toBeLessThanOrEqual(24 * 3600 * 1000);
      expect(s.url.startsWith(base)).toBe(true);
      for (const h of s.headers ?? []) expect(h.key).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
      for (const text of [s.url, s.bodyContent ?? '', ...(s.headers ?? []).map((h) => h.value)]) {
        for (const [, id] of text.matchAll(PLACEHOLDER)) expect(known.has(id ?? '')).toBe(true);
      }
      // Scripts are valid JavaScript.
      for (const code of [s.codeOnSuccess, s.codeOnFailure]) {
        if (code) expect(() => new vm.Script(code)).not.toThrow();
      }
    }
    // The share text fills the body, JSON-escaped; the key is never exported again.
    const share = file.variables.find((v) => v.key === HTTP_SHORTCUTS_KEYS.share);
    expect(share).toMatchObject({ jsonEncode: true, flags: 1, isShareText: true });
    const key = file.variables.find((v) => v.key === HTTP_SHORTCUTS_KEYS.key);
    expect(key).toMatchObject({ type: 'password', value: '', rememberValue: true, flags: 8 });
    expect(JSON.stringify(build('eph_secret'))).toContain('eph_secret');
    expect(JSON.stringify(file)).not.toContain(m.key);
  });

  it('shared text with quotes and a newline → the task runs → the download opens and serves the video', async () => {
    const video = publishVideo(m.t.sim, { bytes: Buffer.alloc(4096, 7) });
    const runner = new Runner(build(m.key));
    runner.values.set(HTTP_SHORTCUTS_KEYS.share, `7.17 "看看" 这个\n${video.shareUrl} 复制此链接`);
    const run = await runner.run('Grab video');
    expect(run.status).toBe('success');
    expect(runner.effects.dialogs).toEqual([]);
    expect(runner.effects.toasts).toEqual(['Started', 'Ready']);
    const [opened] = runner.effects.opened;
    expect(opened).toMatch(new RegExp(`^${base}/api/tasks/[^/]+/download$`));
    const file = await fetch(opened ?? '');
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.alloc(4096, 7));
  });

  it("a failed task and a refused share text end in a dialog with the server's sentence", async () => {
    m.t.sim.route('https://v.douyin.com/gonex/', { status: 404 });
    const runner = new Runner(build(m.key));
    runner.values.set(HTTP_SHORTCUTS_KEYS.share, 'https://v.douyin.com/gonex/');
    await runner.run('Grab video');
    expect(runner.effects.opened).toEqual([]);
    expect(runner.effects.dialogs).toHaveLength(1);
    expect(runner.effects.dialogs[0]).toMatch(/deleted|private/i);

    const refused = new Runner(build(m.key));
    refused.values.set(HTTP_SHORTCUTS_KEYS.share, 'no link in here');
    const run = await refused.run('Grab video');
    expect(run.status).toBe('failure');
    expect(run.response?.statusCode).toBe(422);
    expect(refused.effects.dialogs).toHaveLength(1);
    expect(refused.effects.dialogs[0]).toMatch(/link/i);
  });

  it("mail: a new address is copied; the next mail's code is copied, a link-only mail opens", async () => {
    // No key in the file: the app asks once (the runner answers) and remembers it.
    const runner = new Runner(build(null), m.key);
    await runner.run('New mail address');
    const [email] = runner.effects.clipboard;
    expect(email).toMatch(/@ephemera\.localhost$/);
    expect(runner.values.get(HTTP_SHORTCUTS_KEYS.key)).toBe(m.key);
    expect((await m.api(`/api/mailboxes/${email}/lease`)).status).toBe(200);

    await sendMail(m.smtpPort, { to: email, subject: 'Code', text: 'Your code is 482913.' });
    await runner.run('Wait for the code');
    expect(runner.effects.clipboard.at(-1)).toBe('482913');
    expect(runner.effects.toasts.at(-1)).toBe('Code copied: 482913');

    // The next call waits for a mail after that one: a sign-in link only.
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Sign in',
      html: '<p><a href="https://app.example.com/magic?t=abc">Sign in</a></p>',
    });
    await runner.run('Wait for the code');
    expect(runner.effects.opened).toEqual(['https://app.example.com/magic?t=abc']);

    // A wrong key: the app's failure script shows the server's sentence.
    const wrong = new Runner(build('eph_wrong'));
    await wrong.run('New mail address');
    expect(wrong.effects.dialogs[0]).toMatch(/API key/);
  });
});
