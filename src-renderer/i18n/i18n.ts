import { useCallback } from 'react';
import { usePrefs, type Lang } from '../prefs/prefs-store.ts';
import { en, type MessageKey } from './en.ts';
import { zhCN } from './zh-cn.ts';

export type { MessageKey };
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

const DICTIONARIES: Record<Lang, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

/** Fills `{name}` placeholders. */
function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Translation outside React (stores, error mapping): follows the current language. */
export const translate: Translate = (key, params) =>
  fill(DICTIONARIES[usePrefs.getState().lang][key] ?? en[key], params);

/** The translate function for the current language; components re-render when it changes. */
export function useT(): Translate {
  const lang = usePrefs((s) => s.lang);
  return useCallback(
    (key: MessageKey, params?: Params) => fill(DICTIONARIES[lang][key] ?? en[key], params),
    [lang],
  );
}

/** The BCP 47 locale for Intl formatting. */
export function useLocale(): Lang {
  return usePrefs((s) => s.lang);
}
