import { randomBytes } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import {
  sendsPasswordElsewhere,
  type Source,
  type SourceState,
  type SourceTestResult,
} from '../../../src-shared/mail/sources.ts';
import { settingsInvalid } from '../../core/app-error.ts';
import type { Clock } from '../../core/clock.ts';
import type { Logger } from '../../core/logger.ts';
import type { LeaseService } from '../access/lease-service.ts';
import { describeFailure } from './imap-errors.ts';
import { loadImapFlow } from './imap-client.ts';
import { ImapSourceRunner } from './imap-runner.ts';
import { imapOptions, type ImapTiming } from './imap-options.ts';
import { routeRecipients } from './recipient-routing.ts';
import { openSecret, SecretUnreadable, type SecretBox } from './secret-box.ts';
import {
  parseSourceCreate,
  parseSourcePatch,
  requireTlsOrLoopback,
  sourceNotFound,
} from './source-input.ts';
import type { SourceIngest } from './source-ingest.ts';
import type { SourceRecord, SourceStore } from './source-store.ts';

export interface SourceServiceDeps {
  store: SourceStore;
  /** Where a fetched message goes next (committed, then parsed like SMTP mail). */
  ingest: SourceIngest;
  /** Which of a message's recipients have a lease receiving mail (recipient-routing.ts). */
  leases: Pick<LeaseService, 'receivingMailbox'>;
  box: SecretBox;
  clock: Clock;
  logger: Logger;
  timing: ImapTiming;
  /** Extra TLS settings for every source (extra trusted CAs). */
  tls?: ConnectionOptions;
}

interface Status {
  state: SourceState;
  error: string | null;
}

/**
 * The use cases behind /api/sources and the window's IPC: add, change, remove and test a
 * source, and one running ImapSourceRunner per source that is not stopped.
 */
export class SourceService {
  private readonly runners = new Map<string, ImapSourceRunner>();
  private readonly status = new Map<string, Status>();
  private started = false;

  constructor(private readonly deps: SourceServiceDeps) {}

  /** Starts every source, except those a lasting failure stopped. */
  start(): void {
    this.started = true;
    for (const record of this.deps.store.list()) this.run(record);
  }

  async stop(): Promise<void> {
    this.started = false;
    const runners = [...this.runners.values()];
    this.runners.clear();
    await Promise.all(runners.map((r) => r.stop()));
  }

  list(): Source[] {
    return this.deps.store.list().map((r) => this.view(r));
  }

  get(id: string): Source {
    return this.view(this.require(id));
  }

  create(body: unknown): Source {
    const input = parseSourceCreate(body);
    const record: SourceRecord = {
      id: `src_${randomBytes(8).toString('hex')}`,
      kind: 'imap',
      host: input.host,
      port: input.port,
      tls: input.tls,
      username: input.username,
      secret: this.deps.box.seal(input.password),
      secretFormat: this.deps.box.format,
      mailbox: input.mailbox,
      afterIngest: input.after_ingest,
      sinceMs: input.since_hours * 3_600_000,
      uidValidity: null,
      lastUid: 0,
      stoppedError: null,
      lastMailAt: null,
      taken: 0,
      createdAt: this.deps.clock.now(),
    };
    this.deps.store.insert(record);
    this.run(record);
    return this.view(record);
  }

  async update(id: string, body: unknown): Promise<Source> {
    const patch = parseSourcePatch(body);
    const old = this.require(id);
    const host = patch.host ?? old.host;
    const tls = patch.tls ?? old.tls;
    requireTlsOrLoopback(host, tls);
    if (patch.password === undefined && sendsPasswordElsewhere(old, patch)) {
      throw settingsInvalid(
        'source_password_required',
        'Enter the password again: the host, port, TLS mode or user name changed, and the stored password is only sent where it was given.',
      );
    }
    const mailbox = patch.mailbox ?? old.mailbox;
    // Another server or mailbox has other UIDs: it starts at its end.
    const moved = host !== old.host || mailbox !== old.mailbox;
    this.deps.store.updateSettings(
      id,
      {
        host,
        port: patch.port ?? old.port,
        tls,
        username: patch.username ?? old.username,
        secret: patch.password === undefined ? old.secret : this.deps.box.seal(patch.password),
        secretFormat: patch.password === undefined ? old.secretFormat : this.deps.box.format,
        mailbox,
        afterIngest: patch.after_ingest ?? old.afterIngest,
      },
      moved,
    );
    await this.halt(id);
    const record = this.require(id);
    this.run(record);
    return this.view(record);
  }

  async delete(id: string): Promise<void> {
    this.require(id);
    await this.halt(id);
    this.deps.store.delete(id);
    this.status.delete(id);
  }

  /** Connect, log in, open the mailbox, and say what happened (the source keeps running). */
  async test(id: string): Promise<SourceTestResult> {
    const record = this.require(id);
    let password: string;
    try {
      password = openSecret(this.deps.box, record.secret, record.secretFormat);
    } catch (err) {
      return fail('login', (err as Error).message);
    }
    const timing = { ...this.deps.timing, connectMs: Math.min(this.deps.timing.connectMs, 15_000) };
    const Client = await loadImapFlow();
    const client = new Client({
      ...imapOptions(record, password, timing, this.deps.tls),
      disableAutoIdle: true,
    });
    client.on('error', () => undefined);
    let step: 'connect' | 'login' | 'mailbox' = 'connect';
    try {
      await client.connect();
      step = 'mailbox';
      try {
        const opened = await client.mailboxOpen(record.mailbox, { readOnly: true });
        return {
          ok: true,
          step: null,
          error: null,
          messages: opened.exists,
          idle: client.capabilities.has('IDLE'),
        };
      } catch {
        return fail('mailbox', `mailbox missing: "${record.mailbox}" does not exist on the server`);
      }
    } catch (err) {
      const failure = describeFailure(err);
      const authFailed = (err as { authenticationFailed?: boolean }).authenticationFailed === true;
      return fail(authFailed ? 'login' : step, failure.text);
    } finally {
      client.close();
    }
  }

  private run(record: SourceRecord): void {
    if (!this.started) return;
    if (record.stoppedError) {
      this.status.set(record.id, { state: 'error', error: record.stoppedError });
      return;
    }
    let password: string;
    try {
      password = openSecret(this.deps.box, record.secret, record.secretFormat);
    } catch (err) {
      if (!(err instanceof SecretUnreadable)) throw err;
      this.status.set(record.id, { state: 'error', error: err.message });
      return;
    }
    const id = record.id;
    const runner = new ImapSourceRunner({
      record: () => this.deps.store.get(id),
      password,
      ingest: this.deps.ingest,
      route: (fields) =>
        routeRecipients(fields, (email) => this.deps.leases.receivingMailbox(email)),
      onState: (state, error) => this.status.set(id, { state, error }),
      onStopped: (error) => this.deps.store.setStopped(id, error),
      logger: this.deps.logger,
      clock: this.deps.clock,
      timing: this.deps.timing,
      tls: this.deps.tls,
    });
    this.status.set(id, { state: 'connecting', error: null });
    this.runners.set(id, runner);
    runner.start();
  }

  private async halt(id: string): Promise<void> {
    const runner = this.runners.get(id);
    this.runners.delete(id);
    await runner?.stop();
  }

  private require(id: string): SourceRecord {
    const record = this.deps.store.get(id);
    if (!record) throw sourceNotFound(id);
    return record;
  }

  private view(record: SourceRecord): Source {
    const status = this.status.get(record.id) ?? {
      state: record.stoppedError ? 'error' : 'connecting',
      error: record.stoppedError,
    };
    return {
      id: record.id,
      kind: 'imap',
      host: record.host,
      port: record.port,
      tls: record.tls,
      username: record.username,
      mailbox: record.mailbox,
      after_ingest: record.afterIngest,
      state: status.state,
      last_error: status.error,
      last_mail_at: record.lastMailAt === null ? null : new Date(record.lastMailAt).toISOString(),
      taken: record.taken,
    };
  }
}

function fail(step: 'connect' | 'login' | 'mailbox', error: string): SourceTestResult {
  return { ok: false, step, error, messages: null, idle: null };
}
