import { WEBHOOK_LIMITS } from '../../../../src-shared/api/webhooks.ts';
import { settingsInvalid } from '../../../core/app-error.ts';

/**
 * The URL an endpoint is POSTed to, or a 400 saying why not. Any host is allowed, loopback and
 * LAN included (home automation servers): only the local user with a key can set it. Only
 * http and https; no user name or password in it (they would show in every listing: put a
 * token in the path or query instead). A fragment is never sent, so it is dropped.
 */
export function checkWebhookUrl(raw: string): string {
  const text = raw.trim();
  if (text.length === 0 || text.length > WEBHOOK_LIMITS.urlMaxChars) {
    throw invalid(`Give a URL of 1 to ${WEBHOOK_LIMITS.urlMaxChars} characters.`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`"${text.slice(0, 100)}" is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('Only http:// and https:// URLs can receive webhooks.');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid(
      'Leave the user name and password out of the URL; put a token in its path or query.',
    );
  }
  url.hash = '';
  return url.href;
}

function invalid(sentence: string) {
  return settingsInvalid('webhook_url_invalid', sentence);
}
