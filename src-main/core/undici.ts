import type * as UndiciModule from 'undici';

export type Undici = typeof UndiciModule;

let loading: Promise<Undici> | null = null;

/**
 * undici, evaluated on its first use. Evaluating it costs ~25 ms, a tenth of the desktop's
 * start (bench/desktop-launch.ts), and nothing the start does needs it: the video transports,
 * the webhook sender and TikTok's cookie jar ask for it when they first send or read a request.
 * undici is CommonJS: its exports are the namespace's `default`, both under Node and in the
 * esbuild bundles (which give a CommonJS module no named exports when it is imported lazily).
 */
export function loadUndici(): Promise<Undici> {
  return (loading ??= import('undici').then(
    (namespace) => (namespace as unknown as { default: Undici }).default,
  ));
}

/** An undici dispatcher made on its first use, so undici loads then and not at start. */
export interface LazyDispatcher {
  get(): Promise<UndiciModule.Dispatcher>;
  /** Closes the dispatcher if it was made (after requests in flight end). */
  close(): Promise<void>;
}

/** A dispatcher `make` builds, with undici, when it is first asked for. */
export function lazyDispatcher(make: (undici: Undici) => UndiciModule.Dispatcher): LazyDispatcher {
  let made: Promise<UndiciModule.Dispatcher> | null = null;
  return {
    get: () => (made ??= loadUndici().then(make)),
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
