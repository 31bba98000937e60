import { describe, expect, it } from 'vitest';
import { describeFailure, MailboxMissing } from '../../src-main/mail/sources/imap-errors.ts';
import { overLimit } from '../../src-main/mail/sources/imap-fetch.ts';
import { OAuthError } from '../../src-main/mail/sources/oauth/oauth-http.ts';
import { cancelled, signInFailure } from '../../src-main/mail/sources/oauth/sign-in.ts';
import {
  openSecret,
  plainSecretBox,
  type SecretBox,
} from '../../src-main/mail/sources/secret-box.ts';
import { NOT_SIGNED_IN } from '../../src-main/mail/sources/source-service.ts';
import {
  readSourceError,
  SOURCE_ERROR_REASONS,
  type SourceErrorReason,
} from '../../src-shared/mail/source-errors.ts';
import { sourceErrorText } from '../../src-renderer/features/settings/source-error.ts';
import { en, type MessageKey } from '../../src-renderer/i18n/en.ts';
import { zhCN } from '../../src-renderer/i18n/zh-cn.ts';

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('did not throw');
}

const refusing: SecretBox = {
  ...plainSecretBox,
  open: () => {
    throw new Error('bad');
  },
};

/** Every sentence the server puts in a source's last_error or a test's error, and its reason. */
const SERVER_SENTENCES: [string, SourceErrorReason][] = [
  [describeFailure({ authenticationFailed: true }).text, 'auth_failed'],
  [describeFailure({ code: 'CERT_HAS_EXPIRED' }).text, 'cert_untrusted'],
  [describeFailure({ code: 'ENOTFOUND' }).text, 'host_not_found'],
  [describeFailure({ code: 'ECONNREFUSED' }).text, 'connection_refused'],
  [describeFailure({ code: 'ETIMEDOUT' }).text, 'timeout'],
  [describeFailure({ code: 'ECONNRESET' }).text, 'connection_lost'],
  [describeFailure({ code: 'LiteralTooLarge' }).text, 'server_too_large'],
  [describeFailure({ message: 'Server does not support STARTTLS' }).text, 'no_starttls'],
  [describeFailure({ message: 'Unexpected close' }).text, 'connection_failed'],
  [describeFailure(new MailboxMissing('Archive/2026')).text, 'mailbox_missing'],
  [NOT_SIGNED_IN, 'not_signed_in'],
  [signInFailure(new OAuthError('access_denied', 'x')), 'sign_in_declined'],
  [signInFailure(new OAuthError('expired_token', 'x')), 'sign_in_expired'],
  [signInFailure(new OAuthError('invalid_grant', 'x')), 'grant_lost'],
  [signInFailure(cancelled()), 'sign_in_cancelled'],
  [signInFailure(new OAuthError('network', 'ECONNREFUSED')), 'sign_in_failed'],
  [signInFailure(new Error('boom')), 'sign_in_failed'],
  [
    `the access token could not be renewed: ${signInFailure(new OAuthError('server_error', 'x'))}`,
    'renew_failed',
  ],
  [thrown(() => openSecret(plainSecretBox, Buffer.from('x'), 'safeStorage')), 'secret_unreadable'],
  [thrown(() => openSecret(refusing, Buffer.from('x'), 'plain')), 'secret_unreadable'],
  [overLimit(42), 'message_over_limit'],
  [
    'message 7 refused: the server sent more than the limits allow (literal too large)',
    'message_server_too_large',
  ],
];

describe("a source's reasons, read back for the UI's language", () => {
  it.each(SERVER_SENTENCES)('"%s" reads as %s', (sentence, reason) => {
    expect(readSourceError(sentence)?.reason).toBe(reason);
  });

  it('every reason is made by the server and said in both languages', () => {
    expect(new Set(SERVER_SENTENCES.map(([, r]) => r))).toEqual(new Set(SOURCE_ERROR_REASONS));
    for (const reason of SOURCE_ERROR_REASONS) {
      const key = `settings.sources.error.${reason}` as MessageKey;
      expect(en[key]).toBeTruthy();
      expect(zhCN[key]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('carries the values and reads the sentence inside one', () => {
    const zh = (key: MessageKey, params: Record<string, string | number> = {}) =>
      zhCN[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in params ? String(params[name]) : whole,
      );
    expect(sourceErrorText(zh, describeFailure(new MailboxMissing('归档')).text)).toBe(
      '找不到邮件文件夹：服务器上没有“归档”',
    );
    expect(sourceErrorText(zh, describeFailure({ code: 'CERT_HAS_EXPIRED' }).text)).toBe(
      '证书不受信任（CERT_HAS_EXPIRED）',
    );
    const renew = `the access token could not be renewed: ${signInFailure(new OAuthError('invalid_grant', 'x'))}`;
    expect(sourceErrorText(zh, renew)).toBe(
      '无法续期访问令牌：登录已失效（访问权限被撤销、密码已更改或登录已过期）：请重新登录',
    );
    // A sentence the table does not know is shown as the server wrote it.
    expect(sourceErrorText(zh, 'something new')).toBe('something new');
    // The English text reads as the server's own words did.
    const english = (key: MessageKey, params: Record<string, string | number> = {}) =>
      en[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
        name in params ? String(params[name]) : whole,
      );
    for (const [sentence, reason] of SERVER_SENTENCES) {
      if (reason === 'secret_unreadable' || reason === 'message_server_too_large') continue;
      expect(sourceErrorText(english, sentence)).toBe(sentence);
    }
  });
});
