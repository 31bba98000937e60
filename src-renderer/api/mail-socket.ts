import type { WsMessage } from '../../src-shared/mail/schemas.ts';
import { ApiError } from './api-error.ts';
import type { Mail, MailSubscription } from './types.ts';

interface SocketOptions {
  /** The WebSocket URL that resumes after `afterId`. */
  url(afterId: number): string;
  /** Subprotocols to offer: how the key travels, since a browser cannot set a header here. */
  protocols(): string[];
  /** REST read of mails after `afterId`: explains a refused upgrade, and fills gaps. */
  catchUp(afterId: number): Promise<Mail[]>;
  afterId: number;
  handlers: MailSubscription;
}

/** Heartbeats come every 25 s; silence for this long means the connection is dead. */
const SILENCE_MS = 60_000;
const MAX_BACKOFF_MS = 15_000;

/**
 * A self-healing subscription to /ws/{email}: reconnects with back-off from the last id seen,
 * so no mail is lost or repeated. Stops for good on an auth or not-found refusal.
 */
export function subscribeOverWebSocket(options: SocketOptions): () => void {
  const { handlers } = options;
  let lastId = options.afterId;
  let socket: WebSocket | null = null;
  let stopped = false;
  let backoff = 1000;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let silenceTimer: ReturnType<typeof setTimeout> | null = null;

  const deliver = (mail: Mail): void => {
    if (mail.id <= lastId) return;
    lastId = mail.id;
    handlers.onMail(mail);
  };

  const watch = (): void => {
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => socket?.close(), SILENCE_MS);
  };

  const connect = (): void => {
    if (stopped) return;
    handlers.onStatus('connecting');
    let opened = false;
    const ws = new WebSocket(options.url(lastId), options.protocols());
    socket = ws;
    ws.onmessage = (event) => {
      watch();
      let message: WsMessage;
      try {
        message = JSON.parse(String(event.data)) as WsMessage;
      } catch {
        return;
      }
      if (message.type === 'connected') {
        opened = true;
        backoff = 1000;
        handlers.onStatus('live');
      } else if (message.type === 'email') {
        deliver(message.data);
      }
    };
    ws.onclose = () => {
      if (silenceTimer) clearTimeout(silenceTimer);
      if (stopped || socket !== ws) return;
      handlers.onStatus('offline');
      void recover(opened);
    };
  };

  const recover = async (wasOpen: boolean): Promise<void> => {
    if (!wasOpen) {
      try {
        for (const mail of await options.catchUp(lastId)) deliver(mail);
      } catch (err) {
        const fatal =
          err instanceof ApiError && ['auth', 'not_found', 'bad_request'].includes(err.kind);
        if (fatal) return;
      }
    }
    if (stopped) return;
    retryTimer = setTimeout(connect, wasOpen ? 250 : backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  connect();
  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    if (silenceTimer) clearTimeout(silenceTimer);
    socket?.close();
    socket = null;
  };
}
