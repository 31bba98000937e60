import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

/** The web UI's way to send the key on a WebSocket: a subprotocol, so it is in no URL. */
describe('WebSocket key as the ephemera-key.<key> subprotocol', () => {
  let m: MailTestApp;
  let other = '';
  let base = '';
  beforeAll(async () => {
    m = await startMailTestApp();
    other = m.t.app.mail.keys.create('other').key;
    const { email } = await m.generate();
    base = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}`;
  });
  afterAll(() => m.close());

  const refusal = async (url: string, protocols: string[]): Promise<number> => {
    const refused = await WsClient.connect(url, {}, protocols).catch((err: unknown) => err);
    expect(refused, protocols.join()).toBeInstanceOf(UpgradeRefused);
    return (refused as UpgradeRefused).status;
  };

  it('opens with the key only in the subprotocol, and the server picks "ephemera"', async () => {
    const ws = await WsClient.connect(`${base}?after_id=0`, {}, [
      'ephemera',
      `ephemera-key.${m.key}`,
    ]);
    expect(ws.socket.protocol).toBe('ephemera');
    await ws.waitFor((x) => x.type === 'connected');
    ws.close();
  });

  it('refuses a wrong key, two key subprotocols, or a subprotocol that disagrees with api_key', async () => {
    expect(await refusal(base, ['ephemera', 'ephemera-key.eph_nope'])).toBe(401);
    expect(
      await refusal(base, ['ephemera', `ephemera-key.${m.key}`, `ephemera-key.${other}`]),
    ).toBe(401);
    expect(await refusal(`${base}?api_key=${other}`, ['ephemera', `ephemera-key.${m.key}`])).toBe(
      401,
    );
    expect(await refusal(base, ['ephemera'])).toBe(401);
  });

  it('is read on the WebSocket only, not on REST', async () => {
    const res = await fetch(`${m.t.app.httpUrl}/api/generate`, {
      headers: { 'sec-websocket-protocol': `ephemera, ephemera-key.${m.key}` },
    });
    expect(res.status).toBe(401);
  });
});
