import type { ApiServices } from '../../src-main/api/handler.ts';
import type { MailServices } from '../../src-main/mail/mail-services.ts';
import type { VideoService } from '../../src-main/video/video-service.ts';

/**
 * Services for registerApiRoutes in a test that calls only some routes: the parts given, the
 * rest absent (a route that reaches a missing part fails loudly, as a 500).
 */
export function partialApiServices(parts: {
  mail: Partial<MailServices>;
  settings?: ApiServices['settings'];
  checkMx?: ApiServices['checkMx'];
}): ApiServices {
  return {
    video: {} as VideoService,
    mail: parts.mail as MailServices,
    settings: parts.settings ?? ({} as ApiServices['settings']),
    checkMx: parts.checkMx ?? (() => Promise.reject(new Error('no MX lookup in this test'))),
  };
}
