import { ApiError } from './api-error.ts';
import { createHttpApi } from './http-transport.ts';
import { createIpcApi, findBridge } from './ipc-transport.ts';
import type { EphemeraApi } from './types.ts';

export { ApiError, asApiError } from './api-error.ts';
export type * from './types.ts';
export { MAIL_PAGE } from './types.ts';

let current: EphemeraApi | null = null;

/**
 * Picks the transport once at start: IPC inside Electron (the preload's `window.ephemera`),
 * REST + WebSocket on the page's own origin in any browser, a phone's included.
 */
export async function connectApi(): Promise<EphemeraApi> {
  const bridge = findBridge();
  if (bridge) {
    const info = await bridge.invoke('app:info');
    if (!info.ok) throw new ApiError('unavailable', info.error.message);
    current = createIpcApi(bridge, info.value);
  } else {
    current = createHttpApi(window.location.origin);
  }
  return current;
}

/** The api chosen by connectApi; stores and feature hooks call this, components do not. */
export function api(): EphemeraApi {
  if (!current) throw new Error('connectApi() has not run yet');
  return current;
}
