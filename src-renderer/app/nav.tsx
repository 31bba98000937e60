import type { ReactElement } from 'react';
import { Icon, type IconName } from '../components/icon.tsx';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { usePrefs, type ThemeChoice } from '../prefs/prefs-store.ts';
import { useServer } from '../stores/server-store.ts';
import { useShortcuts } from '../stores/shortcut-store.ts';
import type { Route } from './use-route.ts';

/** The header's theme button steps through the three choices; each shows its own icon. */
const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = {
  system: 'light',
  light: 'dark',
  dark: 'system',
};
const THEME_ICON: Record<ThemeChoice, IconName> = {
  system: 'monitor',
  light: 'sun',
  dark: 'moon',
};

const ITEMS: { route: Route; icon: IconName; label: MessageKey }[] = [
  { route: 'video', icon: 'video', label: 'nav.video' },
  { route: 'mail', icon: 'mail', label: 'nav.mail' },
  { route: 'phone', icon: 'phone', label: 'nav.phone' },
  { route: 'settings', icon: 'settings', label: 'nav.settings' },
];

/** The app bar: brand, the four screens, and quick theme/language switches. */
export function Nav({ route }: { route: Route }): ReactElement {
  const t = useT();
  const theme = usePrefs((s) => s.theme);
  const setTheme = usePrefs((s) => s.setTheme);
  const lang = usePrefs((s) => s.lang);
  const setLang = usePrefs((s) => s.setLang);
  const reachable = useServer((s) => s.reachable);
  const openShortcuts = useShortcuts((s) => s.openHelp);
  const next = NEXT_THEME[theme];
  const themeLabel = t('nav.themeNext', {
    current: t(`settings.theme.${theme}`),
    next: t(`settings.theme.${next}`),
  });
  return (
    <header className="appbar">
      <a className="brand" href="#/video" aria-label="Ephemera">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Ephemera</span>
      </a>
      <nav className="tabs" aria-label={t('nav.label')}>
        {ITEMS.map((item) => (
          <a
            key={item.route}
            href={`#/${item.route}`}
            className="tab-link"
            aria-current={route === item.route ? 'page' : undefined}
            data-testid={`nav-${item.route}`}
          >
            <Icon name={item.icon} />
            <span>{t(item.label)}</span>
          </a>
        ))}
      </nav>
      <div className="appbar-tools">
        {reachable ? null : (
          <span className="offline-badge" role="status">
            <Icon name="alert" size={14} /> {t('nav.offline')}
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-md btn-icon shortcuts-button"
          aria-label={t('shortcuts.title')}
          aria-haspopup="dialog"
          aria-keyshortcuts="?"
          title={t('shortcuts.button')}
          onClick={openShortcuts}
          data-testid="shortcuts-button"
        >
          <Icon name="keyboard" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-md btn-icon"
          title={t('nav.language')}
          onClick={() => setLang(lang === 'en' ? 'zh-CN' : 'en')}
          data-testid="lang-toggle"
        >
          {/* The glyph shown is part of the name, so "EN" can be said to voice control. */}
          <span className="lang-glyph">{lang === 'en' ? '中' : 'EN'}</span>
          <span className="sr-only"> {t('nav.language')}</span>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-md btn-icon"
          aria-label={themeLabel}
          title={themeLabel}
          onClick={() => setTheme(next)}
          data-testid="theme-toggle"
          data-theme-choice={theme}
        >
          <Icon name={THEME_ICON[theme]} />
        </button>
      </div>
    </header>
  );
}
