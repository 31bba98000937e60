import diagnosticsChannel from 'node:diagnostics_channel';

interface ConnectMessage {
  connectParams: { hostname: string; port: string; protocol: string };
}

/**
 * Records, through undici's diagnostics channels, every connection an undici client in this
 * process opens or fails to open. The app runs in the test's process, so this sees the
 * outbound client's sockets as well as the test's own fetches (to 127.0.0.1).
 */
export class ConnectionLog {
  /** Host names a socket was actually connected for. */
  readonly connected: string[] = [];
  /** Host names whose connection failed, with the error code. */
  readonly failed: { hostname: string; code: string | undefined }[] = [];

  private readonly onConnected = (message: unknown): void => {
    this.connected.push((message as ConnectMessage).connectParams.hostname);
  };

  private readonly onError = (message: unknown): void => {
    const { connectParams, error } = message as ConnectMessage & { error: unknown };
    const code = (error as { code?: unknown } | null)?.code;
    this.failed.push({
      hostname: connectParams.hostname,
      code: typeof code === 'string' ? code : undefined,
    });
  };

  start(): this {
    diagnosticsChannel.subscribe('undici:client:connected', this.onConnected);
    diagnosticsChannel.subscribe('undici:client:connectError', this.onError);
    return this;
  }

  stop(): void {
    diagnosticsChannel.unsubscribe('undici:client:connected', this.onConnected);
    diagnosticsChannel.unsubscribe('undici:client:connectError', this.onError);
  }
}
