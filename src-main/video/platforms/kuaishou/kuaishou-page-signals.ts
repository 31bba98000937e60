import {
  captchaError,
  rateLimitedError,
  resultCodeError,
  signatureError,
  type KuaishouError,
} from './kuaishou-errors.ts';
import { recordJsonShape } from '../page-data.ts';
import type { KuaishouItem } from './kuaishou-item.ts';
import { integer, isObject } from './kuaishou-json.ts';

/** What one fetched page says: the post, a refusal, or nothing Ephemera recognises. */
export type PageReading =
  | { kind: 'item'; item: KuaishouItem }
  | { kind: 'refused'; error: KuaishouError }
  | { kind: 'none' };

export const NOTHING: PageReading = { kind: 'none' };

/** Kuaishou's `result` codes: 1 is OK, 2 a rate limit, 2001 a captcha, 50 a bad signature. */
export function refusalForResult(code: number): KuaishouError {
  if (code === 2) return rateLimitedError();
  if (code === 2001) return captchaError('result 2001');
  if (code === 50) return signatureError();
  return resultCodeError(code);
}

/**
 * A body that is bare JSON rather than a page, as Kuaishou answers some blocked requests
 * (`{"result":2001,"error_msg":"[2001] antispam need captcha",…}`). Null when it is not JSON.
 */
export function readJsonAnswer(body: string): PageReading | null {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return null;
  }
  recordJsonShape('json answer', value);
  if (!isObject(value)) return null;
  const code = integer(value.result);
  return code !== null && code !== 1 ? { kind: 'refused', error: refusalForResult(code) } : NOTHING;
}

/**
 * The captcha iframe's host and the verification wall's heading (docs/platforms/kuaishou.md
 * §Failure signals).
 */
const CAPTCHA_IFRAME = /captcha\.zt\.kuaishou\.com/i;
const VERIFICATION_WALL = '请进行安全验证';

/** A page that is a captcha or verification wall instead of the video page; null otherwise. */
export function wallSignal(html: string): KuaishouError | null {
  if (CAPTCHA_IFRAME.test(html)) return captchaError('captcha page');
  if (html.includes(VERIFICATION_WALL)) return captchaError('security verification page');
  return null;
}
