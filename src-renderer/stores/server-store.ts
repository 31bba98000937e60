import { create } from 'zustand';
import { api, asApiError, type Capacity, type ServerInfo } from '../api/client.ts';

interface ServerState {
  info: ServerInfo | null;
  /** Null until the first answer; `infoMissing` when the server has no /api/info yet. */
  infoMissing: boolean;
  capacity: Capacity | null;
  reachable: boolean;
  loadInfo: () => Promise<void>;
  refreshCapacity: () => Promise<void>;
}

/** Facts about the server this UI talks to: base URLs, LAN state, free video slots. */
export const useServer = create<ServerState>()((set) => ({
  info: null,
  infoMissing: false,
  capacity: null,
  reachable: true,
  async loadInfo() {
    try {
      set({ info: await api().info(), infoMissing: false, reachable: true });
    } catch (err) {
      const e = asApiError(err);
      set({ infoMissing: e.kind === 'not_found', reachable: e.kind !== 'network' });
    }
  },
  async refreshCapacity() {
    try {
      set({ capacity: await api().video.capacity(), reachable: true });
    } catch (err) {
      if (asApiError(err).kind === 'network') set({ reachable: false });
    }
  },
}));
