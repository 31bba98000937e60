import { create } from 'zustand';
import type { ServerInfo } from '../../api/client.ts';
import { useServer } from '../../stores/server-store.ts';

const STORAGE_KEY = 'ephemera.newAddressDomain';

interface NewAddressDomainState {
  /** The pool entry picked beside New address on this device; null until one is picked. */
  chosen: string | null;
  choose: (entry: string) => void;
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The domain choice beside New address, kept per device like the mailboxes. */
export const useNewAddressDomain = create<NewAddressDomainState>()((set) => ({
  chosen: stored(),
  choose(entry) {
    try {
      localStorage.setItem(STORAGE_KEY, entry);
    } catch {
      // Private mode: the choice lasts this page only.
    }
    set({ chosen: entry });
  },
}));

/**
 * Where a new address goes: the entry picked here while the pool still has it, else the one the
 * server preselects (`default_domain`: it receives mail from outside, per its MX check);
 * undefined without an answer from /api/info (the server then draws one).
 */
export function newAddressDomain(
  info: ServerInfo | null,
  chosen: string | null,
): string | undefined {
  if (!info) return undefined;
  if (chosen !== null && info.domains.includes(chosen)) return chosen;
  return info.default_domain ?? undefined;
}

/**
 * The same, with /api/info asked again first: the pool may have changed in another tab, and
 * the server's MX answers arrive after the page loaded (a domain just added is looked up then).
 */
export async function domainForNewAddress(): Promise<string | undefined> {
  await useServer.getState().loadInfo();
  return newAddressDomain(useServer.getState().info, useNewAddressDomain.getState().chosen);
}
