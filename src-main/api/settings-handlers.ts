import {
  ApiKeyCreateSchema,
  ServerSettingsPatchSchema,
} from '../../src-shared/api/server-settings.ts';
import { SignInCodeCreateSchema, SignInRedeemSchema } from '../../src-shared/api/sign-in.ts';
import type { SettingsInvalidReason } from '../../src-shared/errors/codes.ts';
import { AppError, settingsInvalid } from '../core/app-error.ts';
import type { ApiHandlers } from './handler.ts';
import { keyActions } from './key-actions.ts';

type SettingsRoutes =
  | 'info'
  | 'settingsGet'
  | 'settingsUpdate'
  | 'settingsMx'
  | 'keyList'
  | 'keyCreate'
  | 'keyDisable'
  | 'keyEnable'
  | 'keyDelete'
  | 'signInCodeCreate'
  | 'signInCheck'
  | 'signIn';

/** The reason of a PATCH field its schema refused; other fields (and unknown keys) are value_invalid. */
const PATCH_FIELD_REASON: Partial<Record<string, SettingsInvalidReason>> = {
  http_port: 'port_invalid',
  smtp_port: 'port_invalid',
  proxy: 'proxy_invalid',
  data_dir: 'data_dir_unusable',
  domains: 'domain_invalid',
  allowed_hosts: 'host_invalid',
};

function redeemCode(body: unknown): string {
  const parsed = SignInRedeemSchema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('MAIL_BAD_REQUEST', 'The body must be {"code": "…"}.');
  return parsed.data.code;
}

/**
 * GET /api/info (public), the settings and key endpoints, and the one-time sign-in codes
 * (made on this computer; checked and exchanged by anyone holding one: the code is the
 * credential, and it travels in the body, never in a URL).
 */
export const settingsHandlers: Pick<ApiHandlers, SettingsRoutes> = {
  info: (_input, { services, caller }) => ({
    ...services.settings.info(),
    client_is_local: caller.origin !== 'lan',
  }),
  settingsGet: (_input, { services }) => services.settings.read(),
  settingsUpdate: ({ body }, { services }) => {
    const parsed = ServerSettingsPatchSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'body';
      throw settingsInvalid(
        PATCH_FIELD_REASON[String(issue?.path[0])] ?? 'value_invalid',
        `Invalid ${where}: ${issue?.message ?? 'not a settings object'}.`,
      );
    }
    return services.settings.update(parsed.data);
  },
  settingsMx: ({ query }, { services }) => services.checkMx(query.domain),

  keyList: (_input, { services, keyId }) => ({
    keys: keyActions.list(services.mail.keys),
    current_key_id: keyId,
  }),
  keyCreate: ({ body }, { services }) => {
    const parsed = ApiKeyCreateSchema.safeParse(body ?? {});
    if (!parsed.success) {
      throw settingsInvalid('key_name_invalid', 'Give the key a name of 1 to 100 characters.');
    }
    return keyActions.create(services.mail.keys, parsed.data.name);
  },
  keyDisable: ({ params }, { services }) => keyActions.disable(services.mail.keys, params.id),
  keyEnable: ({ params }, { services }) => keyActions.enable(services.mail.keys, params.id),
  keyDelete: ({ params }, { services }) => {
    keyActions.delete(services.mail.keys, params.id);
  },

  signInCodeCreate: ({ body }, { services }) => {
    const parsed = SignInCodeCreateSchema.safeParse(body ?? {});
    if (!parsed.success) {
      throw new AppError(
        'MAIL_BAD_REQUEST',
        'The body must be {"purpose": "pair" | "sign-in", "name"?: 1 to 100 characters}.',
      );
    }
    return services.mail.signIn.create(parsed.data.purpose, parsed.data.name);
  },
  signInCheck: ({ body }, { services }) => services.mail.signIn.check(redeemCode(body)),
  signIn: ({ body }, { services }) => services.mail.signIn.redeem(redeemCode(body)),
};
