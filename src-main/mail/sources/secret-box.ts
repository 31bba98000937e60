// The box itself is the kernel's (the desktop shell builds one without reaching into mail/).
import type { SecretBox } from '../../core/secret-box.ts';

export { plainSecretBox, type SecretBox } from '../../core/secret-box.ts';

/** The password of a source cannot be read by this box (e.g. sealed by the desktop keychain). */
export class SecretUnreadable extends Error {
  override name = 'SecretUnreadable';
}

export function openSecret(box: SecretBox, sealed: Buffer, format: string): string {
  if (format !== box.format) {
    throw new SecretUnreadable(
      `the stored password was sealed by "${format}" and cannot be read here; enter it again`,
    );
  }
  try {
    return box.open(sealed);
  } catch {
    throw new SecretUnreadable('the stored password cannot be decrypted; enter it again');
  }
}
