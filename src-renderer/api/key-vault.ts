import type { KeyPrompt } from './types.ts';

const STORAGE_KEY = 'ephemera.apiKey';
/** The name the key was paired under ("Pixel"), shown in Settings; gone with the key. */
const NAME_KEY = 'ephemera.apiKeyName';

/**
 * The API key of this browser, kept in localStorage so the person is asked once per device.
 * Concurrent requests that all need a key share one prompt.
 */
export class KeyVault {
  private prompt: KeyPrompt | null = null;
  private asking: Promise<string | null> | null = null;

  get(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  }

  /** The name this device was paired as, or null (a key typed in, or none). */
  name(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEY) === null ? null : localStorage.getItem(NAME_KEY);
    } catch {
      return null;
    }
  }

  /** Stores `key`; a key typed in has no name, so an older pairing's name is dropped. */
  set(key: string, name: string | null = null): void {
    try {
      localStorage.setItem(STORAGE_KEY, key.trim());
      if (name) localStorage.setItem(NAME_KEY, name);
      else localStorage.removeItem(NAME_KEY);
    } catch {
      // Private mode without storage: the key lives until the tab closes.
    }
  }

  clear(): void {
    try {
      localStorage.removeItem(STORAGE_KEY);
      localStorage.removeItem(NAME_KEY);
    } catch {
      // Nothing stored.
    }
  }

  setPrompt(prompt: KeyPrompt): void {
    this.prompt = prompt;
  }

  /** Asks the person (once for all waiting callers); stores and returns the key, or null. */
  ask(invalid: boolean, message: string | null): Promise<string | null> {
    if (!this.prompt) return Promise.resolve(null);
    this.asking ??= this.prompt({ invalid, message }).then((key) => {
      this.asking = null;
      const trimmed = key?.trim() ?? '';
      if (trimmed === '') return null;
      this.set(trimmed);
      return trimmed;
    });
    return this.asking;
  }
}
