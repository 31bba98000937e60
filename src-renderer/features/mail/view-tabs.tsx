import { useRef, type KeyboardEvent, type ReactElement } from 'react';
import { useT } from '../../i18n/i18n.ts';

export type MailViewKind = 'html' | 'text' | 'source';

const VIEWS: readonly MailViewKind[] = ['html', 'text', 'source'];
/** The one panel the tabs control (mail-view.tsx). */
export const TAB_PANEL_ID = 'mail-view-panel';

export function tabId(view: MailViewKind): string {
  return `mail-tab-${view}`;
}

/**
 * HTML / Text / Source as one tab list (WAI-ARIA tabs): one Tab stop, the selected tab; the
 * arrow keys, Home and End move among the available ones and show each at once.
 */
export function ViewTabs({
  view,
  available,
  onChange,
}: {
  view: MailViewKind;
  available: Record<MailViewKind, boolean>;
  onChange: (view: MailViewKind) => void;
}): ReactElement {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const usable = VIEWS.filter((v) => available[v]);

  const onKeyDown = (event: KeyboardEvent): void => {
    const at = usable.indexOf(view);
    const target =
      event.key === 'ArrowRight'
        ? usable[(at + 1) % usable.length]
        : event.key === 'ArrowLeft'
          ? usable[(at - 1 + usable.length) % usable.length]
          : event.key === 'Home'
            ? usable[0]
            : event.key === 'End'
              ? usable.at(-1)
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    onChange(target);
    list.current?.querySelector<HTMLElement>(`#${tabId(target)}`)?.focus();
  };

  return (
    <div
      className="mail-tabs"
      role="tablist"
      aria-label={t('mail.viewAs')}
      ref={list}
      onKeyDown={onKeyDown}
    >
      {VIEWS.map((v) => (
        <button
          key={v}
          id={tabId(v)}
          type="button"
          role="tab"
          aria-selected={view === v}
          aria-controls={TAB_PANEL_ID}
          tabIndex={view === v ? 0 : -1}
          className="tab"
          disabled={!available[v]}
          onClick={() => onChange(v)}
          data-testid={`mail-tab-${v}`}
        >
          {t(`mail.tab.${v}`)}
        </button>
      ))}
    </div>
  );
}
