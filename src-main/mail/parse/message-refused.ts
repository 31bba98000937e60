/**
 * A message SMTP must refuse for good (552) rather than store: the parser cannot read it
 * whole, and keeping it as raw text would store it garbled (subject and code lost). `reply`
 * is the enhanced status and sentence after the 552.
 */
export class MessageRefused extends Error {
  override name = 'MessageRefused';

  constructor(readonly reply: string) {
    super(reply);
  }
}

/**
 * mailsplit (under mailparser) stops with code EMAXLEN when one MIME part's header block
 * passes 1 MiB (each line counted as at least 64 bytes) or a message has too many parts.
 */
export function refusalFor(err: unknown): MessageRefused | null {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== 'EMAXLEN') {
    return null;
  }
  const message = err instanceof Error ? err.message : '';
  return new MessageRefused(
    /header/i.test(message)
      ? '5.3.4 Message header too large (a header block over 1 MiB)'
      : '5.3.4 Message has too many MIME parts',
  );
}
