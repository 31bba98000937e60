import type { ReactElement } from 'react';
import { Icon, type IconName } from '../../components/icon.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { usePrefs, type Lang, type ThemeChoice } from '../../prefs/prefs-store.ts';

const THEMES: { value: ThemeChoice; icon: IconName }[] = [
  { value: 'system', icon: 'monitor' },
  { value: 'light', icon: 'sun' },
  { value: 'dark', icon: 'moon' },
];

const LANGS: { value: Lang; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'zh-CN', label: '简体中文' },
];

/** Theme and language, kept on this device. */
export function AppearanceSection(): ReactElement {
  const t = useT();
  const theme = usePrefs((s) => s.theme);
  const lang = usePrefs((s) => s.lang);
  const setTheme = usePrefs((s) => s.setTheme);
  const setLang = usePrefs((s) => s.setLang);
  return (
    <Section
      icon="sun"
      title={t('settings.appearance.title')}
      description={t('settings.appearance.description')}
    >
      <div className="form-grid">
        <span id="theme-label">{t('settings.appearance.theme')}</span>
        <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
          {THEMES.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={theme === option.value}
              onClick={() => setTheme(option.value)}
            >
              <Icon name={option.icon} size={16} />
              {t(`settings.theme.${option.value}`)}
            </button>
          ))}
        </div>
        <label htmlFor="language">{t('settings.appearance.language')}</label>
        <select
          id="language"
          value={lang}
          data-testid="language"
          onChange={(event) => setLang(event.target.value as Lang)}
        >
          {LANGS.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
    </Section>
  );
}
