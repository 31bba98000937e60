import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { IpcRenderer } from 'electron';
import { IPC_EVENT_CHANNELS, IPC_INVOKE_CHANNELS } from '../../../src-shared/ipc/channels.ts';
import type { EphemeraBridge } from '../../../src-shared/ipc/window-api.ts';
import { createEphemeraApi } from '../../../src-main/electron/preload/preload-api.ts';

/** ipcRenderer's stand-in: invoke is recorded, `on` listeners get (event, payload). */
class FakeIpcRenderer extends EventEmitter {
  readonly invoke = vi.fn((_channel: string, _request?: unknown) =>
    Promise.resolve({ ok: true, value: 'answer' }),
  );
  /** Sends like main's webContents.send: listeners get an IpcRendererEvent first. */
  push(channel: string, payload: unknown): void {
    const event = { sender: this, senderId: 0, ports: [] };
    this.emit(channel, event, payload);
  }
  asRenderer(): Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'> {
    return this as unknown as Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;
  }
}

function setup() {
  const ipc = new FakeIpcRenderer();
  // The page is untyped JavaScript as far as the preload knows: call it loosely.
  const api = createEphemeraApi(ipc.asRenderer()) as unknown as {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    on(channel: string, listener: (...args: unknown[]) => void): () => void;
  };
  return { ipc, api };
}

describe('preload api', () => {
  it('has invoke and on, and nothing else, frozen', () => {
    const { api } = setup();
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('forwards every contract channel with its one request argument', async () => {
    const { ipc, api } = setup();
    for (const channel of IPC_INVOKE_CHANNELS) {
      await expect(api.invoke(channel, { a: 1 }, 'smuggled')).resolves.toEqual({
        ok: true,
        value: 'answer',
      });
      expect(ipc.invoke).toHaveBeenLastCalledWith(channel, { a: 1 });
    }
  });

  it.each(['video:delete-all', 'shell:open', '', '__proto__', 'mail:received'])(
    'refuses invoke on %j without reaching main',
    async (channel) => {
      const { ipc, api } = setup();
      await expect(api.invoke(channel)).resolves.toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL' },
      });
      expect(ipc.invoke).not.toHaveBeenCalled();
    },
  );

  it('turns a failed invoke (no handler while quitting) into UNAVAILABLE', async () => {
    const { ipc, api } = setup();
    ipc.invoke.mockRejectedValueOnce(new Error("No handler registered for 'app:info'"));
    await expect(api.invoke('app:info')).resolves.toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE' },
    });
  });

  it('passes event payloads alone, never the IpcRendererEvent', () => {
    const { ipc, api } = setup();
    for (const channel of IPC_EVENT_CHANNELS) {
      const listener = vi.fn();
      api.on(channel, listener);
      ipc.push(channel, { id: 7 });
      expect(listener).toHaveBeenCalledExactlyOnceWith({ id: 7 });
    }
  });

  it('stops a listener with the function on() returned', () => {
    const { ipc, api } = setup();
    const listener = vi.fn();
    const off = api.on('mail:received', listener);
    off();
    ipc.push('mail:received', { id: 1 });
    expect(listener).not.toHaveBeenCalled();
    expect(ipc.listenerCount('mail:received')).toBe(0);
  });

  it.each(['app:info', 'ipc:anything', 'toString'])('refuses on(%j)', (channel) => {
    const { ipc, api } = setup();
    expect(() => api.on(channel, vi.fn())).toThrow(/not an Ephemera event channel/);
    expect(ipc.listenerCount(channel)).toBe(0);
  });
});

describe('preload entry', () => {
  it('exposes window.ephemera through contextBridge, and only that', async () => {
    const exposed: [string, unknown][] = [];
    vi.doMock('electron', () => ({
      contextBridge: {
        exposeInMainWorld: (name: string, value: unknown) => exposed.push([name, value]),
      },
      ipcRenderer: new FakeIpcRenderer(),
    }));
    try {
      await import('../../../src-main/electron/preload/preload.ts');
    } finally {
      vi.doUnmock('electron');
    }
    expect(exposed).toHaveLength(1);
    const [name, api] = exposed[0] ?? [];
    expect(name).toBe('ephemera');
    expect(Object.keys(api as EphemeraBridge).sort()).toEqual(['invoke', 'on']);
  });
});
