import type { SourceAuthorize } from '../../../../src-shared/mail/sources.ts';
import { OAuthError, type TokenSet } from './oauth-http.ts';

/** A sign-in under way: what the user is told, and the tokens once the provider answers. */
export interface PendingSignIn {
  answer: SourceAuthorize;
  /** Settles with the tokens, or an OAuthError (denied, expired, cancelled, ...). */
  done: Promise<TokenSet>;
  cancel(): void;
}

/**
 * Where tokens go that the provider handed over after the sign-in was cancelled (the user
 * finished at the provider just as Cancel or Delete was pressed): they are revoked, not dropped.
 */
export type Discard = (tokens: TokenSet) => void;

/** Waits `ms` unless `signal` aborts first (injected: tests move a ManualClock instead). */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

export const realWait: Wait = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function cancelled(): OAuthError {
  return new OAuthError('cancelled', 'sign-in was cancelled');
}

/** Why a sign-in or a refresh failed, in words for the source's last_error. */
export function signInFailure(err: unknown): string {
  if (!(err instanceof OAuthError)) return `sign-in failed: ${(err as Error).message}`;
  switch (err.code) {
    case 'access_denied':
      return 'sign-in was declined at the provider: sign in again to allow access';
    case 'expired_token':
      return 'the sign-in expired before it was finished: sign in again';
    case 'invalid_grant':
      return 'the sign-in is no longer valid (access was withdrawn, the password changed or the sign-in expired): sign in again';
    case 'cancelled':
      return err.message;
    default:
      return `sign-in failed: ${err.message}`;
  }
}
