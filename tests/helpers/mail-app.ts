import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A test app plus an API key for the mail endpoints. */
export interface MailTestApp {
  t: TestApp;
  key: string;
  smtpPort: number;
  /** fetch with the key in X-API-Key (unless `headers` sets its own auth). */
  api(path: string, init?: RequestInit): Promise<Response>;
  generate(): Promise<Lease>;
  /** GET /api/emails/{email}, asserting a 200. */
  mails(email: string, query?: string): Promise<Mail[]>;
  close(): Promise<void>;
}

export async function startMailTestApp(options: TestAppOptions = {}): Promise<MailTestApp> {
  const t = await startTestApp(options);
  const key = t.app.initialApiKey ?? t.app.mail.keys.create('test').key;
  const m: MailTestApp = {
    t,
    key,
    get smtpPort() {
      return t.app.smtpPort;
    },
    api: (path, init = {}) =>
      t.request(path, { ...init, headers: { 'x-api-key': key, ...init.headers } }),
    async generate() {
      const res = await m.api('/api/generate');
      if (res.status !== 200) throw new Error(`generate answered ${res.status}`);
      return (await res.json()) as Lease;
    },
    async mails(email, query = '') {
      const res = await m.api(`/api/emails/${encodeURIComponent(email)}${query}`);
      if (res.status !== 200) throw new Error(`GET emails answered ${res.status}`);
      return (await res.json()) as Mail[];
    },
    close: () => t.close(),
  };
  return m;
}
