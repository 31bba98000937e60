import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing per the Standard Webhooks specification (https://www.standardwebhooks.com/), so a
 * receiver can check a POST with the `standardwebhooks` package of its language.
 */

const SECRET_PREFIX = 'whsec_';
/** The specification asks for 24 to 64 bytes of key; 32 bytes is what HMAC-SHA256 uses whole. */
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** A new `webhook-id`: `msg_` and 16 random bytes, the same on every try of one event. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The three headers of one try; `timestampSeconds` is the time of that try. */
export function signatureHeaders(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
