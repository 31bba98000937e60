import type { FastifyInstance } from 'fastify';
import { routes } from '../../src-shared/api/routes.ts';
import type { CreatedApiKeyView } from '../../src-shared/api/server-settings.ts';
import {
  SignInCodeCreateSchema,
  SignInRedeemSchema,
  type SignInCode,
  type SignInCodeInfo,
  type SignInRedeem,
} from '../../src-shared/api/sign-in.ts';
import { AppError } from '../core/app-error.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';
import type { SignInCodes } from '../mail/access/sign-in-codes.ts';
import { registerMailBodyParser } from './mail-request.ts';
import { requireLocalWithKey } from './local-keyed-access.ts';

function redeemBody(body: unknown): SignInRedeem {
  const parsed = SignInRedeemSchema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('MAIL_BAD_REQUEST', 'The body must be {"code": "…"}.');
  return parsed.data;
}

/**
 * One-time sign-in codes. Making one (POST /api/sign-in-codes) is a settings action: a request
 * from this computer with an API key, as for /api/keys. Checking and exchanging one
 * (POST /api/sign-in/check, POST /api/sign-in) need no key (the code is the credential) and work
 * from phones too; being POSTs, a page of another site cannot send them (origin-guard.ts), and
 * the code travels in the body, never in a URL the server sees.
 */
export async function registerSignInRoutes(
  app: FastifyInstance,
  codes: SignInCodes,
  keys: ApiKeyStore,
): Promise<void> {
  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    requireLocalWithKey(
      scope,
      keys,
      'Sign-in codes can only be made on the computer running Ephemera.',
    );
    scope.post(routes.signInCodeCreate.path, async (request, reply): Promise<SignInCode> => {
      const parsed = SignInCodeCreateSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw new AppError(
          'MAIL_BAD_REQUEST',
          'The body must be {"purpose": "pair" | "sign-in", "name"?: 1 to 100 characters}.',
        );
      }
      void reply.code(201);
      return codes.create(parsed.data.purpose, parsed.data.name);
    });
    done();
  });

  await app.register((scope, _options, done) => {
    registerMailBodyParser(scope);
    scope.post(routes.signInCheck.path, (request): SignInCodeInfo =>
      codes.check(redeemBody(request.body).code),
    );
    scope.post(routes.signIn.path, (request): CreatedApiKeyView =>
      codes.redeem(redeemBody(request.body).code),
    );
    done();
  });
}
