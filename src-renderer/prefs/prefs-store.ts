import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const THEMES = ['system', 'light', 'dark'] as const;
const LANGS = ['en', 'zh-CN'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export type Lang = (typeof LANGS)[number];

interface PrefsState {
  theme: ThemeChoice;
  lang: Lang;
  setTheme: (theme: ThemeChoice) => void;
  setLang: (lang: Lang) => void;
}

/** The language the browser prefers, among the two the UI speaks. */
function browserLang(): Lang {
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages;
  return langs.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

/**
 * The stored preferences over the defaults, each only when it is one the UI knows: an unknown
 * language (an older version's, a hand edit's "zh-cn") left every text undefined and the page
 * blank.
 */
export function restorePrefs<T extends { theme: ThemeChoice; lang: Lang }>(
  persisted: unknown,
  current: T,
): T {
  const saved = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Record<
    string,
    unknown
  >;
  return {
    ...current,
    theme: THEMES.find((t) => t === saved.theme) ?? current.theme,
    lang: LANGS.find((l) => l === saved.lang) ?? current.lang,
  };
}

/** Appearance and language, remembered on this device. */
export const usePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      theme: 'system',
      lang: browserLang(),
      setTheme: (theme) => set({ theme }),
      setLang: (lang) => set({ lang }),
    }),
    {
      name: 'ephemera.prefs',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, lang }) => ({ theme, lang }),
      merge: restorePrefs,
    },
  ),
);
