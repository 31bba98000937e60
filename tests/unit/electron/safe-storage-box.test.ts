import { describe, expect, it } from 'vitest';
import { safeStorageBox } from '../../../src-main/electron/safe-storage-box.ts';
import { openSecret } from '../../../src-main/mail/sources/secret-box.ts';

/** Electron's safeStorage, faked: "encrypts" by reversing the bytes and prefixing a tag. */
function fakeSafeStorage(available: boolean) {
  return {
    available,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString: (plain: string) => Buffer.from(`enc:${[...plain].reverse().join('')}`),
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString();
      if (!text.startsWith('enc:')) throw new Error('not ours');
      return [...text.slice(4)].reverse().join('');
    },
  };
}

describe('safeStorageBox (mail-source passwords in the desktop app)', () => {
  it('seals with safeStorage: the stored bytes do not hold the password', () => {
    const box = safeStorageBox(fakeSafeStorage(true));
    const sealed = box.seal('hunter2-app-password');
    expect(box.format).toBe('safe-storage');
    expect(sealed.toString()).not.toContain('hunter2-app-password');
    expect(openSecret(box, sealed, 'safe-storage')).toBe('hunter2-app-password');
  });

  it('without OS encryption it keeps the password as headless does, and says so by format', () => {
    const storage = fakeSafeStorage(false);
    const box = safeStorageBox(storage);
    expect(box.format).toBe('plain');
    const sealed = box.seal('pw');
    expect(openSecret(box, sealed, 'plain')).toBe('pw');
    // A keychain-sealed password cannot be opened once encryption is gone: a sentence, no crash.
    storage.available = true;
    const keychain = box.seal('pw2');
    storage.available = false;
    expect(() => openSecret(box, keychain, 'safe-storage')).toThrow(/enter it again/);
  });

  it('a password that does not decrypt is refused with a sentence', () => {
    const box = safeStorageBox(fakeSafeStorage(true));
    expect(() => openSecret(box, Buffer.from('garbage'), 'safe-storage')).toThrow(
      /cannot be decrypted/,
    );
  });
});
