import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MailServices } from '../mail/mail-services.ts';
import { asciiName, attachmentFileName, rawFileName } from '../api/mail-file-name.ts';
import { parseRouteInput } from '../api/route-input.ts';

type Params = Record<string, string>;

/** A MIME type as `type/subtype` of token characters; anything else is served as bytes. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/**
 * What every file answer carries: it is always a download, never rendered by a browser as the
 * app's own page (a mail's text/html part could otherwise run script on the API's origin).
 */
function fileHeaders(reply: FastifyReply, type: string, disposition: string): FastifyReply {
  return reply
    .type(type)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store');
}

/** GET /api/emails/{email}/{id}/raw: the message as received, as an .eml download. */
export function rawRoute(mail: MailServices) {
  return (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const { email, id } = parseRouteInput('mailRaw', { params: request.params, query: {} }).params;
    const { bytes, stream, subject } = mail.raw.raw(email, id);
    const name = rawFileName(id, subject);
    return fileHeaders(
      reply,
      'message/rfc822',
      contentDisposition(name, { type: 'attachment', fallback: asciiName(name) }),
    )
      .header('content-length', bytes)
      .send(stream);
  };
}

/** GET /api/emails/{email}/{id}/attachments/{n}: attachment n (0-based) of the mail. */
export function attachmentRoute(mail: MailServices) {
  return async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const { email, id, n } = parseRouteInput('mailAttachment', {
      params: request.params,
      query: {},
    }).params;
    const file = await mail.raw.attachment(email, id, n);
    const type = MIME_TYPE.test(file.contentType)
      ? file.contentType.toLowerCase()
      : 'application/octet-stream';
    const name = attachmentFileName(file.filename, n);
    return fileHeaders(
      reply,
      type,
      contentDisposition(name, { type: 'attachment', fallback: asciiName(name) }),
    ).send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
  };
}
