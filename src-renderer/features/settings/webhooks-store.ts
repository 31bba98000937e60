import { create } from 'zustand';
import {
  api,
  asApiError,
  type ApiError,
  type CreatedWebhook,
  type WebhookAttempt,
  type WebhookDeliveries,
  type WebhookView,
} from '../../api/client.ts';

interface WebhooksState {
  hooks: WebhookView[];
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: ApiError | null;
  /** The webhook just added, with its secret: shown once, then dropped. */
  created: CreatedWebhook | null;
  /** The last "Send test event" outcome per webhook. */
  tests: Record<number, WebhookAttempt | ApiError | 'sending'>;
  /** Deliveries shown per webhook (absent: folded). */
  deliveries: Record<number, WebhookDeliveries | ApiError | 'loading'>;
  load: () => Promise<void>;
  add: (url: string, description: string) => Promise<void>;
  remove: (id: number) => Promise<void>;
  sendTest: (id: number) => Promise<void>;
  /** Loads (or reloads) the deliveries of one webhook and shows them. */
  showDeliveries: (id: number) => Promise<void>;
  hideDeliveries: (id: number) => void;
  clearCreated: () => void;
}

const without = <T>(record: Record<number, T>, id: number): Record<number, T> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => Number(key) !== id));

/** Settings → Webhooks: the endpoints, the secret of a new one, tests and deliveries. */
export const useWebhooks = create<WebhooksState>()((set, get) => ({
  hooks: [],
  state: 'idle',
  error: null,
  created: null,
  tests: {},
  deliveries: {},

  async load() {
    set({ state: get().state === 'ready' ? 'ready' : 'loading', error: null });
    try {
      set({ hooks: await api().webhooks.list(), state: 'ready' });
    } catch (err) {
      set({ state: 'error', error: asApiError(err) });
    }
  },

  async add(url, description) {
    const created = await api().webhooks.create({
      url,
      ...(description === '' ? {} : { description }),
    });
    const { secret: _secret, ...view } = created;
    set({ hooks: [...get().hooks, view], created });
  },

  async remove(id) {
    await api().webhooks.delete(id);
    set({
      hooks: get().hooks.filter((h) => h.id !== id),
      tests: without(get().tests, id),
      deliveries: without(get().deliveries, id),
      created: get().created?.id === id ? null : get().created,
    });
  },

  async sendTest(id) {
    set({ tests: { ...get().tests, [id]: 'sending' } });
    let outcome: WebhookAttempt | ApiError;
    try {
      outcome = await api().webhooks.test(id);
    } catch (err) {
      outcome = asApiError(err);
    }
    set({ tests: { ...get().tests, [id]: outcome } });
    if (id in get().deliveries) await get().showDeliveries(id);
  },

  async showDeliveries(id) {
    if (!(id in get().deliveries)) set({ deliveries: { ...get().deliveries, [id]: 'loading' } });
    let result: WebhookDeliveries | ApiError;
    try {
      result = await api().webhooks.deliveries(id);
    } catch (err) {
      result = asApiError(err);
    }
    set({ deliveries: { ...get().deliveries, [id]: result } });
  },

  hideDeliveries(id) {
    set({ deliveries: without(get().deliveries, id) });
  },

  clearCreated() {
    set({ created: null });
  },
}));
