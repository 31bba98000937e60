import net from 'node:net';
import { Agent, type Dispatcher } from 'undici';

/** A transport for tests that records every connection the outbound client asks for. */
export interface RecordingDispatcher {
  dispatcher: Dispatcher;
  /** `host:port` of every connection attempt, in order. */
  attempts: string[];
}

/**
 * Like sim-dispatcher.ts, every host name connects to the simulator; but an IP literal
 * 127.0.0.1 connects to the real port it names, so a test can put a canary server there and
 * prove nothing reached it. Any other IP literal is refused without touching the network.
 */
export function recordingDispatcher(simPort: number): RecordingDispatcher {
  const attempts: string[] = [];
  const dispatcher = new Agent({
    connect: (options, callback) => {
      const port = Number(options.port || (options.protocol === 'https:' ? 443 : 80));
      attempts.push(`${options.hostname}:${port}`);
      if (net.isIP(options.hostname) !== 0 && options.hostname !== '127.0.0.1') {
        callback(new Error(`test transport refuses ${options.hostname}`), null);
        return;
      }
      const socket =
        options.hostname === '127.0.0.1'
          ? net.connect(port, '127.0.0.1')
          : net.connect(simPort, '127.0.0.1');
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (err) => callback(err, null));
    },
  });
  return { dispatcher, attempts };
}
