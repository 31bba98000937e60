import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Lang = 'en' | 'zh-CN';

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
    },
  ),
);
