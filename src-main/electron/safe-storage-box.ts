import type { SafeStorage } from 'electron';
import { plainSecretBox, type SecretBox } from '../core/secret-box.ts';

export type SafeStorageLike = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
>;

/**
 * Mail-source passwords in the desktop app: encrypted with Electron safeStorage (the OS
 * keychain: Keychain, DPAPI, libsecret/kwallet), asked lazily because safeStorage works only
 * once the app is ready. Where the OS offers no encryption (a Linux session without a
 * keyring), the password is kept as headless keeps it, in the private database.
 */
export function safeStorageBox(safeStorage: SafeStorageLike): SecretBox {
  const pick = (): SecretBox =>
    safeStorage.isEncryptionAvailable()
      ? {
          format: 'safe-storage',
          seal: (plain) => safeStorage.encryptString(plain),
          open: (sealed) => safeStorage.decryptString(sealed),
        }
      : plainSecretBox;
  return {
    get format() {
      return pick().format;
    },
    seal: (plain) => pick().seal(plain),
    open: (sealed) => pick().open(sealed),
  };
}
