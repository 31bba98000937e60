/**
 * How a secret (a mail source's password) is kept at rest. Headless, it is stored as it is in the database,
 * which lives in the private data folder (0700, the file 0600: core/private-files.ts); the
 * desktop app passes an encryptor backed by Electron safeStorage (the OS keychain), built in
 * src-main/electron and injected at the composition root, so no service imports electron.
 */
export interface SecretBox {
  /** Stored beside the sealed bytes, so a database moved between the two can say why it fails. */
  readonly format: string;
  seal(plain: string): Buffer;
  open(sealed: Buffer): string;
}

export const plainSecretBox: SecretBox = {
  format: 'plain',
  seal: (plain) => Buffer.from(plain, 'utf8'),
  open: (sealed) => sealed.toString('utf8'),
};
