import type { SourceAuthorize } from '../../../../src-shared/mail/sources.ts';
import { AppError } from '../../../core/app-error.ts';
import type { Clock } from '../../../core/clock.ts';
import { startDeviceFlow } from './device-flow.ts';
import { startLoopbackFlow } from './loopback-flow.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { OAuthError, type TokenSet } from './oauth-http.ts';
import { realWait, type PendingSignIn, type Wait } from './sign-in.ts';

export interface SignInDeps {
  clock: Clock;
  /** How the device flow waits between polls (a test moves a clock instead). */
  wait?: Wait;
  /** How long the loopback listener waits for the browser. */
  loopbackTimeoutMs?: number;
}

export interface SignInOutcome {
  finished(id: string, tokens: TokenSet, config: OAuthConfig): void | Promise<void>;
  failed(id: string, err: unknown): void;
  /** Tokens of a sign-in cancelled (or replaced) while the provider was handing them over. */
  unwanted(id: string, tokens: TokenSet, config: OAuthConfig): void;
}

/** The sign-ins under way, at most one per source: a new one cancels the one before. */
export class SignIns {
  private readonly pending = new Map<string, PendingSignIn>();

  constructor(
    private readonly deps: SignInDeps,
    private readonly outcome: SignInOutcome,
  ) {}

  has(id: string): boolean {
    return this.pending.has(id);
  }

  /** Starts the provider's flow; what the user must do next. */
  async begin(id: string, config: OAuthConfig): Promise<SourceAuthorize> {
    this.cancel(id);
    const discard = (tokens: TokenSet) => this.outcome.unwanted(id, tokens, config);
    let flow: PendingSignIn;
    try {
      flow =
        config.flow === 'device'
          ? await startDeviceFlow(config, {
              clock: this.deps.clock,
              wait: this.deps.wait ?? realWait,
              discard,
            })
          : await startLoopbackFlow(config, {
              clock: this.deps.clock,
              timeoutMs: this.deps.loopbackTimeoutMs,
              discard,
            });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      throw new AppError(
        'SOURCE_PROVIDER_FAILED',
        `The provider did not start a sign-in (${err.message}).`,
      );
    }
    this.pending.set(id, flow);
    const mine = () => this.pending.get(id) === flow;
    const fail = (err: unknown) => {
      if (!mine()) return;
      this.pending.delete(id);
      this.outcome.failed(id, err);
    };
    flow.done
      .then(async (tokens) => {
        if (!mine()) return discard(tokens);
        this.pending.delete(id);
        await this.outcome.finished(id, tokens, config);
      }, fail)
      .catch(fail);
    return flow.answer;
  }

  cancel(id: string): void {
    const flow = this.pending.get(id);
    this.pending.delete(id);
    flow?.cancel();
  }

  cancelAll(): void {
    for (const id of [...this.pending.keys()]) this.cancel(id);
  }
}
