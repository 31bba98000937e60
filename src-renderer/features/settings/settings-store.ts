import { create } from 'zustand';
import {
  api,
  asApiError,
  type ApiError,
  type ApiKeyInfo,
  type CreatedApiKey,
  type Settings,
  type SettingsPatch,
} from '../../api/client.ts';
import { useServer } from '../../stores/server-store.ts';

interface SettingsState {
  settings: Settings | null;
  keys: ApiKeyInfo[];
  /** The key this browser's calls use (marked in the list, confirmed before it is cut off). */
  currentKeyId: number | null;
  state: 'idle' | 'loading' | 'ready' | 'error';
  error: ApiError | null;
  saving: boolean;
  /** The key just made: shown once, then dropped. */
  newKey: CreatedApiKey | null;
  load: () => Promise<void>;
  update: (patch: SettingsPatch) => Promise<void>;
  /** Makes a key and shows it once (newKey), in Settings and on the Phone screen. */
  createKey: (name: string) => Promise<void>;
  /** Makes a key without showing it here (a phone's pairing code carries it); returns it. */
  addKey: (name: string) => Promise<CreatedApiKey>;
  disableKey: (id: number) => Promise<void>;
  enableKey: (id: number) => Promise<void>;
  deleteKey: (id: number) => Promise<void>;
  clearNewKey: () => void;
}

/** Server settings and API keys (loopback only on the server side). */
export const useSettings = create<SettingsState>()((set, get) => ({
  settings: null,
  keys: [],
  currentKeyId: null,
  state: 'idle',
  error: null,
  saving: false,
  newKey: null,

  async load() {
    set({ state: get().settings ? 'ready' : 'loading', error: null });
    try {
      const [settings, { keys, currentKeyId }] = await Promise.all([
        api().settings.get(),
        api().settings.listKeys(),
      ]);
      set({ settings, keys, currentKeyId, state: 'ready' });
    } catch (err) {
      set({ state: 'error', error: asApiError(err) });
    }
  },

  async update(patch) {
    set({ saving: true });
    try {
      set({ settings: await api().settings.update(patch) });
      void useServer.getState().loadInfo();
    } finally {
      set({ saving: false });
    }
  },

  async createKey(name) {
    set({ newKey: await get().addKey(name) });
  },

  async addKey(name) {
    const created = await api().settings.createKey(name);
    const { key: _key, ...info } = created;
    set({ keys: [...get().keys, info] });
    return created;
  },

  async disableKey(id) {
    const info = await api().settings.disableKey(id);
    set({ keys: get().keys.map((k) => (k.id === id ? info : k)) });
    // This browser's own key is dead now: ask for another at once (the list reload is refused
    // and the transport asks), not whenever some later call happens to be.
    if (id === get().currentKeyId) void get().load();
  },

  async enableKey(id) {
    const info = await api().settings.enableKey(id);
    set({ keys: get().keys.map((k) => (k.id === id ? info : k)) });
  },

  async deleteKey(id) {
    await api().settings.deleteKey(id);
    set({ keys: get().keys.filter((k) => k.id !== id) });
  },

  clearNewKey() {
    set({ newKey: null });
  },
}));
