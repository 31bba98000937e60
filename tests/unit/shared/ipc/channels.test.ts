import { describe, expect, expectTypeOf, it } from 'vitest';
import { IPC_EVENT_CHANNELS, IPC_INVOKE_CHANNELS } from '../../../../src-shared/ipc/channels.ts';
import {
  IPC_EVENT_SCHEMAS,
  IPC_INVOKE_SCHEMAS,
  type IpcEventChannel,
  type IpcInvokeChannel,
  type IpcRequest,
  type IpcResponse,
} from '../../../../src-shared/ipc/desktop-contract.ts';
import type { IpcRequestArgs } from '../../../../src-shared/ipc/window-api.ts';

type Listed = (typeof IPC_INVOKE_CHANNELS)[number];
type ListedEvents = (typeof IPC_EVENT_CHANNELS)[number];

describe('IPC channel allowlists', () => {
  it('list every contract channel (checked by tsc: a channel missing from the list fails)', () => {
    // `satisfies` in channels.ts refuses extra names; these refuse missing ones.
    expectTypeOf<Exclude<IpcInvokeChannel, Listed>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<IpcEventChannel, ListedEvents>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<Listed, IpcInvokeChannel>>().toEqualTypeOf<never>();
  });

  it('match the schema maps at run time, once each', () => {
    expect([...IPC_INVOKE_CHANNELS].sort()).toEqual(Object.keys(IPC_INVOKE_SCHEMAS).sort());
    expect([...IPC_EVENT_CHANNELS].sort()).toEqual(Object.keys(IPC_EVENT_SCHEMAS).sort());
    expect(new Set(IPC_INVOKE_CHANNELS).size).toBe(IPC_INVOKE_CHANNELS.length);
  });

  it('name channels area:action in kebab-case', () => {
    for (const channel of [...IPC_INVOKE_CHANNELS, ...IPC_EVENT_CHANNELS]) {
      expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
    }
  });

  it('derive request and response types from the schemas', () => {
    expectTypeOf<IpcRequest<'app:copy-text'>>().toEqualTypeOf<{ text: string }>();
    expectTypeOf<IpcResponse<'video:save'>>().toEqualTypeOf<'saved' | 'cancelled'>();
    // A channel without a request may be invoked without one; others need theirs.
    expectTypeOf<IpcRequestArgs<'app:info'>>().toEqualTypeOf<[request?: undefined]>();
    expectTypeOf<IpcRequestArgs<'mail:watch'>>().toEqualTypeOf<[request: { email: string }]>();
  });
});
