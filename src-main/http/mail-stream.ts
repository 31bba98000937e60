import type { WebSocket } from 'ws';
import { MAIL_LIMITS } from '../../src-shared/mail/limits.ts';
import type { Mail, WsMessage } from '../../src-shared/mail/schemas.ts';
import type { Clock } from '../core/clock.ts';
import { encodeEmailMessage } from '../mail/read/listed-json.ts';
import type { ListedMail } from '../mail/store/listed-mail.ts';
import type { LiveHub } from '../mail/push/live-hub.ts';
import type { MailStore } from '../mail/store/mail-store.ts';

export interface StreamOptions {
  heartbeatMs: number;
  /**
   * Bytes the socket may hold unsent before a live mail; past it the client is too slow and is
   * dropped (it reconnects with after_id and loses nothing) instead of growing the buffer.
   */
  maxBufferedBytes: number;
  /** Bytes of mail one replay step sends before waiting for the socket to drain. */
  replayBytes?: number;
}

const REPLAY_PAGE = MAIL_LIMITS.listMax;

/**
 * One WebSocket client on one mailbox: `connected`, then the replay of stored mails after
 * `after_id` (if given), then live mails, and heartbeats. Live mails that arrive during the
 * replay are not queued: the replay reads pages until one comes back empty, and switches to
 * live in that same synchronous step, so nothing is missed or sent twice.
 */
export class MailStream {
  private lastId: number;
  private live: boolean;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly socket: WebSocket,
    private readonly email: string,
    afterId: number | null,
    private readonly deps: { hub: LiveHub; store: MailStore; clock: Clock },
    private readonly options: StreamOptions,
  ) {
    this.lastId = afterId ?? 0;
    this.live = afterId === null;
    this.unsubscribe = deps.hub.subscribe(email, (mail) => this.onMail(mail));
    this.heartbeat = setInterval(
      () => this.send({ type: 'heartbeat', server_time: this.now() }),
      options.heartbeatMs,
    );
    socket.once('close', () => this.close());
    socket.on('error', () => socket.terminate());
    // Client messages carry nothing; they are read and dropped (maxPayload bounds them).
    socket.on('message', () => undefined);
    this.send({ type: 'connected', email, server_time: this.now() });
    if (!this.live) void this.replay();
  }

  private onMail(mail: Mail): void {
    if (!this.live || mail.id <= this.lastId) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.socket.terminate();
      return;
    }
    this.lastId = mail.id;
    this.send({ type: 'email', data: mail });
  }

  /**
   * Each step sends at most `replayBytes` of mail (at least one mail) and waits until ws has
   * written it out before reading the next: the socket never holds more than one step, however
   * much is stored, and the step before going live has drained, so the slow-client limit on
   * live mails is never tripped by the replay itself.
   */
  private async replay(): Promise<void> {
    const budget = this.options.replayBytes ?? MAIL_LIMITS.responseBytes;
    while (this.isOpen()) {
      const { mails } = this.deps.store.listedPage(
        this.email,
        this.lastId,
        REPLAY_PAGE,
        budget,
        true,
      );
      if (mails.length === 0) {
        this.live = true;
        return;
      }
      let written: Promise<void> = Promise.resolve();
      for (const mail of mails) written = this.sendListed(mail);
      this.lastId = mails.at(-1)?.fields.id ?? this.lastId;
      await written;
    }
  }

  /**
   * Sends an `email` message (the same text as JSON.stringify of `{type, data}`, written from
   * the listed bytes) and resolves once ws has written the frame out (or failed to).
   */
  private sendListed(mail: ListedMail): Promise<void> {
    if (!this.isOpen()) return Promise.resolve();
    return new Promise((resolve) =>
      this.socket.send(encodeEmailMessage(mail), { binary: false }, () => resolve()),
    );
  }

  private send(message: WsMessage): void {
    if (this.isOpen()) this.socket.send(JSON.stringify(message));
  }

  private isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  /**
   * Ends the stream from the server's side with a close code and reason (the key was revoked):
   * no frame is sent after this call, and the socket closes even if the client never answers.
   */
  end(code: number, reason: string): void {
    this.close();
    this.live = false;
    if (this.isOpen()) this.socket.close(code, reason);
  }

  private close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
  }
}
