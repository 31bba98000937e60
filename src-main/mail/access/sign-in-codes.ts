import {
  SIGN_IN_CODE_LIMITS,
  type SignInCode,
  type SignInCodeInfo,
  type SignInPurpose,
} from '../../../src-shared/api/sign-in.ts';
import type { CreatedApiKeyView } from '../../../src-shared/api/server-settings.ts';
import { AppError } from '../../core/app-error.ts';
import type { Clock } from '../../core/clock.ts';
import { OneTimeCodes } from './one-time-codes.ts';
import { createKeyView } from './key-view.ts';
import type { ApiKeyStore } from './key-store.ts';

interface Pending {
  purpose: SignInPurpose;
  name: string;
}

/** The name a key made by a sign-in link gets when none is given. */
export const SIGN_IN_KEY_NAME = 'Browser sign-in';

const invalid = (): AppError =>
  new AppError(
    'SIGN_IN_CODE_INVALID',
    'This sign-in code is unknown, already used or expired. Make a new one on the computer running Ephemera.',
  );

/**
 * Sign-in and pairing codes: what a link or QR code carries instead of an API key. A code is
 * made on this computer (REST from loopback with a key, IPC, or the headless start), lives 10
 * minutes and is exchanged once for a new key named as asked; the key is made only then, so
 * a code that is never used leaves nothing behind. A browser's history keeps at most a dead code.
 */
export class SignInCodes {
  private readonly codes: OneTimeCodes<Pending>;

  constructor(
    private readonly keys: Pick<ApiKeyStore, 'list' | 'create' | 'disable' | 'enable' | 'delete'>,
    clock: Clock,
  ) {
    this.codes = new OneTimeCodes(clock, {
      ttlMs: SIGN_IN_CODE_LIMITS.ttlMinutes * 60_000,
      max: SIGN_IN_CODE_LIMITS.maxLive,
    });
  }

  create(purpose: SignInPurpose, name: string = SIGN_IN_KEY_NAME): SignInCode {
    const issued = this.codes.issue({ purpose, name });
    return { code: issued.code, purpose, name, expires_at: iso(issued.expiresAt) };
  }

  /** What a live code would give, without using it; SIGN_IN_CODE_INVALID otherwise. */
  check(code: string): SignInCodeInfo {
    const found = this.codes.peek(code);
    if (!found) throw invalid();
    const { purpose, name } = found.payload;
    return { purpose, name, expires_at: iso(found.expiresAt) };
  }

  /** Uses the code up and makes its key (shown in this answer only). */
  redeem(code: string): CreatedApiKeyView {
    const pending = this.codes.redeem(code);
    if (!pending) throw invalid();
    return createKeyView(this.keys, pending.name);
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();
