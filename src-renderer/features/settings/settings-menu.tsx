import { useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import { useT } from '../../i18n/i18n.ts';

interface Entry {
  title: string;
  section: HTMLElement;
}

/**
 * The sections of the settings grid as a menu beside it (shown from 1280 px wide, where there
 * is room): the sections are read from the page as it is, since which ones show depends on the
 * device (desktop, updates) and on whether the server's settings loaded. The one in view is
 * marked as current.
 */
export function SettingsMenu({ grid }: { grid: RefObject<HTMLElement | null> }): ReactElement {
  const t = useT();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [current, setCurrent] = useState<HTMLElement | null>(null);
  // A section chosen in the menu stays current until the person scrolls on their own: the last
  // sections are too short to reach the top of the window, so the view alone would name another.
  const chosen = useRef(false);

  useEffect(() => {
    const root = grid.current;
    if (!root) return;
    const read = (): void => {
      const sections = Array.from(root.querySelectorAll<HTMLElement>(':scope > section'));
      setEntries(
        sections.map((section) => ({
          title: section.querySelector('h2')?.textContent ?? '',
          section,
        })),
      );
    };
    read();
    // Sections come and go (the server's settings load later; the language changes titles).
    const changes = new MutationObserver(read);
    changes.observe(root, { childList: true, subtree: true, characterData: true });
    return () => changes.disconnect();
  }, [grid]);

  useEffect(() => {
    if (entries.length === 0) return;
    const seen = new Map<Element, boolean>();
    const watch = new IntersectionObserver(
      (changes) => {
        for (const change of changes) seen.set(change.target, change.isIntersecting);
        const first = entries.find((e) => seen.get(e.section));
        if (first && !chosen.current) setCurrent(first.section);
      },
      // The band below the app bar: a section counts once its top third is in view.
      { rootMargin: '-80px 0px -60% 0px' },
    );
    for (const entry of entries) watch.observe(entry.section);
    const release = (): void => {
      chosen.current = false;
    };
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, release, { passive: true });
    return () => {
      watch.disconnect();
      for (const event of events) window.removeEventListener(event, release);
    };
  }, [entries]);

  const go = (section: HTMLElement): void => {
    section.scrollIntoView({ block: 'start', behavior: 'smooth' });
    const heading = section.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    chosen.current = true;
    setCurrent(section);
  };

  return (
    <nav className="settings-menu" aria-label={t('settings.menu')} data-testid="settings-menu">
      <ul>
        {entries.map((entry) => (
          <li key={entry.title}>
            <button
              type="button"
              aria-current={entry.section === current ? 'true' : undefined}
              onClick={() => go(entry.section)}
            >
              {entry.title}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
