/** What imapflow logs in with: a password (LOGIN/PLAIN) or an OAuth access token (XOAUTH2). */
export type ImapCredential = { pass: string } | { accessToken: string };

/** How a source's connection logs in. */
export interface SourceAuth {
  /** A refused login may be tried once more with a renewed credential (OAuth). */
  readonly renewable: boolean;
  /** The credential for the next login; `renew` after the server refused the last one. */
  credential(renew: boolean): Promise<ImapCredential>;
  /** The source stops: no timer of this auth stays. */
  stop(): void;
}

export function passwordAuth(password: string): SourceAuth {
  return {
    renewable: false,
    credential: () => Promise.resolve({ pass: password }),
    stop: () => undefined,
  };
}
