import type { AfterIngest, SourceTls } from '../../../src-shared/mail/sources.ts';
import type { Db } from '../../db/open-database.ts';

/** One row of mail_sources (src-main/db/migrations/005-mail-sources.ts). */
export interface SourceRecord {
  id: string;
  kind: 'imap';
  host: string;
  port: number;
  tls: SourceTls;
  username: string;
  /**
   * The password, or an OAuth source's refresh token (empty: not signed in), as the SecretBox
   * sealed it; never answered.
   */
  secret: Buffer;
  secretFormat: string;
  mailbox: string;
  afterIngest: AfterIngest;
  /** How much recent mail a new source takes (0: only mail that arrives after it was added). */
  sinceMs: number;
  uidValidity: string | null;
  lastUid: number;
  stoppedError: string | null;
  lastMailAt: number | null;
  taken: number;
  createdAt: number;
  /** How an OAuth source signs in (JSON, oauth/oauth-config.ts); null for a password. */
  oauth: string | null;
}

interface Row {
  id: string;
  kind: string;
  host: string;
  port: number;
  tls: string;
  username: string;
  secret: Buffer;
  secret_format: string;
  mailbox: string;
  after_ingest: string;
  since_ms: number;
  uid_validity: string | null;
  last_uid: number;
  stopped_error: string | null;
  last_mail_at: number | null;
  taken: number;
  created_at: number;
  oauth: string | null;
}

function fromRow(row: Row): SourceRecord {
  return {
    id: row.id,
    kind: 'imap',
    host: row.host,
    port: row.port,
    tls: row.tls as SourceTls,
    username: row.username,
    secret: row.secret,
    secretFormat: row.secret_format,
    mailbox: row.mailbox,
    afterIngest: row.after_ingest as AfterIngest,
    sinceMs: row.since_ms,
    uidValidity: row.uid_validity,
    lastUid: row.last_uid,
    stoppedError: row.stopped_error,
    lastMailAt: row.last_mail_at,
    taken: row.taken,
    createdAt: row.created_at,
    oauth: row.oauth,
  };
}

/** The settings a user may change (PATCH); a change clears the cursor only if the mailbox moved. */
export type SourceSettings = Pick<
  SourceRecord,
  | 'host'
  | 'port'
  | 'tls'
  | 'username'
  | 'secret'
  | 'secretFormat'
  | 'mailbox'
  | 'afterIngest'
  | 'oauth'
>;

/** SQL for mail_sources. */
export class SourceStore {
  private readonly listStmt;
  private readonly getStmt;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly cursorStmt;
  private readonly takenStmt;
  private readonly stoppedStmt;
  private readonly settingsStmt;
  private readonly secretStmt;
  private readonly signedInStmt;

  constructor(private readonly db: Db) {
    this.listStmt = db.prepare<[], Row>('SELECT * FROM mail_sources ORDER BY created_at, id');
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM mail_sources WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO mail_sources (id, kind, host, port, tls, username, secret, secret_format, mailbox,
         after_ingest, since_ms, created_at, oauth)
       VALUES (@id, @kind, @host, @port, @tls, @username, @secret, @secretFormat, @mailbox,
         @afterIngest, @sinceMs, @createdAt, @oauth)`,
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM mail_sources WHERE id = ?');
    this.cursorStmt = db.prepare<[string, number, string]>(
      'UPDATE mail_sources SET uid_validity = ?, last_uid = ? WHERE id = ?',
    );
    this.takenStmt = db.prepare<[number, number, string]>(
      'UPDATE mail_sources SET last_uid = ?, last_mail_at = ?, taken = taken + 1 WHERE id = ?',
    );
    this.stoppedStmt = db.prepare<[string | null, string]>(
      'UPDATE mail_sources SET stopped_error = ? WHERE id = ?',
    );
    this.settingsStmt = db.prepare(
      `UPDATE mail_sources SET host = @host, port = @port, tls = @tls, username = @username,
         secret = @secret, secret_format = @secretFormat, mailbox = @mailbox,
         after_ingest = @afterIngest, oauth = @oauth, stopped_error = NULL,
         uid_validity = CASE WHEN @resetCursor THEN NULL ELSE uid_validity END
       WHERE id = @id`,
    );
    this.secretStmt = db.prepare<[Buffer, string, string]>(
      'UPDATE mail_sources SET secret = ?, secret_format = ? WHERE id = ?',
    );
    this.signedInStmt = db.prepare<[Buffer, string, string | null, string]>(
      'UPDATE mail_sources SET secret = ?, secret_format = ?, stopped_error = ? WHERE id = ?',
    );
  }

  list(): SourceRecord[] {
    return this.listStmt.all().map(fromRow);
  }

  get(id: string): SourceRecord | null {
    const row = this.getStmt.get(id);
    return row ? fromRow(row) : null;
  }

  insert(record: SourceRecord): void {
    this.insertStmt.run({
      id: record.id,
      kind: record.kind,
      host: record.host,
      port: record.port,
      tls: record.tls,
      username: record.username,
      secret: record.secret,
      secretFormat: record.secretFormat,
      mailbox: record.mailbox,
      afterIngest: record.afterIngest,
      sinceMs: record.sinceMs,
      createdAt: record.createdAt,
      oauth: record.oauth,
    });
  }

  /** New settings; `resetCursor` when the mailbox is another one (it starts at its end). */
  updateSettings(id: string, settings: SourceSettings, resetCursor: boolean): void {
    this.settingsStmt.run({ id, ...settings, resetCursor: resetCursor ? 1 : 0 });
  }

  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  /** Every message up to `lastUid` of this UIDVALIDITY has been looked at. */
  setCursor(id: string, uidValidity: string, lastUid: number): void {
    this.cursorStmt.run(uidValidity, lastUid, id);
  }

  /** A message was taken: the cursor moves to it, and it counts. */
  noteTaken(id: string, uid: number, at: number): void {
    this.takenStmt.run(uid, at, id);
  }

  /** A rotated refresh token replaces the old one (one UPDATE: never neither of the two). */
  setSecret(id: string, secret: Buffer, format: string): void {
    this.secretStmt.run(secret, format, id);
  }

  /**
   * An OAuth sign-in finished (`stopped` null) or its grant is gone (an empty `secret` and the
   * reason in words, so a restart does not try it again).
   */
  setSignIn(id: string, secret: Buffer, format: string, stopped: string | null): void {
    this.signedInStmt.run(secret, format, stopped, id);
  }

  setStopped(id: string, error: string | null): void {
    this.stoppedStmt.run(error, id);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }
}
