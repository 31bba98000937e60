import { useEffect, useSyncExternalStore } from 'react';
import { usePrefs } from '../prefs/prefs-store.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(listener: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

const systemDark = (): boolean => window.matchMedia(DARK_QUERY).matches;

/** True when the UI is dark: chosen, or following a dark system setting. */
export function useIsDark(): boolean {
  const theme = usePrefs((s) => s.theme);
  const system = useSyncExternalStore(subscribeSystem, systemDark, () => false);
  return theme === 'dark' || (theme === 'system' && system);
}

/** Applies the theme and language to <html> (data-theme, lang). */
export function useDocumentPrefs(): void {
  const dark = useIsDark();
  const lang = usePrefs((s) => s.lang);
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
}
