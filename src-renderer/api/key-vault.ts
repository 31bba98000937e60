import type { KeyPrompt } from './types.ts';

const STORAGE_KEY = 'ephemera.apiKey';

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

  set(key: string): void {
    try {
      localStorage.setItem(STORAGE_KEY, key.trim());
    } catch {
      // Private mode without storage: the key lives until the tab closes.
    }
  }

  clear(): void {
    try {
      localStorage.removeItem(STORAGE_KEY);
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
