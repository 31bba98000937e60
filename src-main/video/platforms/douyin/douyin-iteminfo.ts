import { createCipheriv } from 'node:crypto';
import { Parser } from 'htmlparser2';
import type { CookieJar } from '../kit/cookie-jar.ts';
import type { PlatformHttp } from '../kit/page-fetch.ts';
import { readItemAnswer, type ApiAnswer } from './douyin-answer.ts';
import { fetchItemApi } from './douyin-api.ts';
import { SHARE_PAGE_ORIGIN } from './douyin-hosts.ts';

/** What the share page hands its own script for iteminfo (docs/platforms/douyin.md step 3). */
export interface ReflowContext {
  /** `webid` of `<div id="douyin_reflow_webId">`: the key material and both device ids. */
  webId: string;
  /** `xsstoken` of `<div id="douyin_reflow_token">`: what `reflow_id` encrypts. */
  xssToken: string;
}

const ITEM_INFO_PATH = '/web/api/v2/aweme/iteminfo/';
/** The key and IV are the web id's first 16 characters: a shorter id cannot make a key. */
const KEY_LENGTH = 16;

/**
 * Reads the two reflow divs of a share page, attribute names in any case and values quoted or
 * not (both are seen in public parsers' fixtures); null when either is missing.
 */
export function readReflowContext(html: string): ReflowContext | null {
  const found: { webId?: string; xssToken?: string } = {};
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name !== 'div') return;
        if (attrs.id === 'douyin_reflow_webId') found.webId = attrs.webid?.trim();
        if (attrs.id === 'douyin_reflow_token') found.xssToken = attrs.xsstoken?.trim();
      },
    },
    { lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.end(html);
  const { webId, xssToken } = found;
  if (!webId || !xssToken || webId.length < KEY_LENGTH) return null;
  return { webId, xssToken };
}

/** `reflow_id`: base64 of AES-128-CBC over the token, key = IV = the web id's first 16 characters. */
export function reflowId(context: ReflowContext): string {
  const key = Buffer.from(context.webId.slice(0, KEY_LENGTH), 'utf8');
  const cipher = createCipheriv('aes-128-cbc', key, key);
  return Buffer.concat([cipher.update(context.xssToken, 'utf8'), cipher.final()]).toString(
    'base64',
  );
}

export function itemInfoUrl(id: string, context: ReflowContext): string {
  const query = new URLSearchParams({
    reflow_source: 'reflow_page',
    web_id: context.webId,
    device_id: context.webId,
    item_ids: id,
    reflow_id: reflowId(context),
    use_new_select_scope: '0',
  });
  return `${SHARE_PAGE_ORIGIN}${ITEM_INFO_PATH}?${query.toString()}`;
}

/**
 * Asks iteminfo for one post as the share page's own script does: with the page's cookies and
 * the page as Referer. Its answer is `{status_code: 0, item_list: [<item>]}`; without a valid
 * `reflow_id` it is `status_code` 11110, which reads as "the API changed".
 */
export function fetchItemInfo(
  http: PlatformHttp,
  id: string,
  context: ReflowContext,
  page: { url: string; jar: CookieJar },
): Promise<ApiAnswer> {
  const url = itemInfoUrl(id, context);
  const headers = (): Record<string, string> => {
    const cookie = page.jar.header(new URL(url));
    return {
      accept: 'application/json, text/plain, */*',
      referer: page.url,
      ...(cookie ? { cookie } : {}),
    };
  };
  return fetchItemApi(http, url, headers, (text) =>
    readItemAnswer(text, id, 'item_list', 'api iteminfo'),
  );
}
