import type { AnalyzedMessage } from './analyze-message.ts';

/**
 * From this many characters a parsed body crosses from a parse worker to the main thread as
 * UTF-8 bytes in a transferred buffer rather than as a string. A string of a 10 MiB mail would
 * be copied into the main thread's heap, written to SQLite and left there as garbage until V8's
 * next full collection: a flood of such mail held hundreds of MB that way
 * (bench/mail-large-mailbox.ts). Bytes are handed over without a copy and freed as soon as the
 * row is written. Short bodies, the usual mail, stay strings: cheaper to send.
 */
export const LARGE_BODY_CHARS = 64 * 1024;

type Body = AnalyzedMessage['text'];

/** In the worker: the message to post, large bodies as bytes, and the buffers to transfer. */
export function withBodiesAsBytes(message: AnalyzedMessage): {
  message: AnalyzedMessage;
  transfer: ArrayBuffer[];
} {
  const transfer: ArrayBuffer[] = [];
  const bytes = (body: Body): Body => {
    if (typeof body !== 'string' || body.length < LARGE_BODY_CHARS) return body;
    // A string this long gets a buffer of its own (not Node's shared pool): safe to transfer.
    const encoded = Buffer.from(body, 'utf8');
    if (encoded.byteOffset !== 0 || encoded.buffer.byteLength !== encoded.length) return body;
    transfer.push(encoded.buffer);
    return encoded;
  };
  const text = bytes(message.text);
  const html = bytes(message.html);
  // The usual short mail goes as it is.
  if (transfer.length === 0) return { message, transfer };
  return { message: { ...message, text, html }, transfer };
}

/** In the main thread: bytes that arrived as a plain Uint8Array become a Buffer again. */
export function withBodyBuffers(message: AnalyzedMessage): AnalyzedMessage {
  const arrived = (body: Body | Uint8Array): body is Uint8Array =>
    body instanceof Uint8Array && !Buffer.isBuffer(body);
  if (!arrived(message.text) && !arrived(message.html)) return message;
  const buffer = (body: Body | Uint8Array): Body =>
    arrived(body) ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
  return { ...message, text: buffer(message.text), html: buffer(message.html) };
}
