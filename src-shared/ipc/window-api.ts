import type {
  IpcEventChannel,
  IpcEventPayload,
  IpcInvokeChannel,
  IpcRequest,
  IpcResponse,
} from './desktop-contract.ts';
import type { IpcResult } from './result.ts';

/** The global name the preload exposes: `window.ephemera`. */
export const EPHEMERA_API_NAME = 'ephemera';

/** A request argument that may be left out when the channel takes none. */
export type IpcRequestArgs<C extends IpcInvokeChannel> =
  undefined extends IpcRequest<C> ? [request?: IpcRequest<C>] : [request: IpcRequest<C>];

/**
 * `window.ephemera`, the preload's bridge, derived from the contract (never written by hand).
 * In a plain browser it is absent and the UI uses REST/WS instead. The renderer's own client
 * (src-renderer/api/types.ts `EphemeraApi`) carries its calls over it; the renderer declares
 * the global itself: `declare global { interface Window { ephemera?: EphemeraBridge } }`.
 */
export interface EphemeraBridge {
  /** Sends a request; resolves to a Result, never rejects for an expected failure. */
  invoke<C extends IpcInvokeChannel>(
    channel: C,
    ...args: IpcRequestArgs<C>
  ): Promise<IpcResult<IpcResponse<C>>>;
  /** Listens on a push channel; call the returned function to stop. */
  on<E extends IpcEventChannel>(
    channel: E,
    listener: (payload: IpcEventPayload<E>) => void,
  ): () => void;
}
