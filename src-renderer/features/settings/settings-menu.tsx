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
    // The current section is the one a reading line just below the app bar falls in (a section
    // the menu scrolled to sits at bar + 16 px); at the very bottom the last one, which is too
    // short to reach the line. "The first section in a band" named a short one above a tall
    // one that filled the window.
    let frame = 0;
    // The app bar's height changes only with the window's width: read on resize, not per frame.
    const barHeight = (): number =>
      parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--appbar-h')) || 60;
    let bar = barHeight();
    const measure = (): void => {
      frame = 0;
      if (chosen.current) return;
      // 80 px below the bar: a section whose last sliver is all that shows above it is done
      // with, yet one scrolled to (top at bar + 16 px) keeps the mark, as sections are taller
      // than 64 px (the shortest, one line of text, is about 85).
      const line = bar + 80;
      const atEnd =
        window.scrollY > 0 &&
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      let found = entries[0]?.section ?? null;
      for (const entry of entries) {
        if (entry.section.getBoundingClientRect().top <= line) found = entry.section;
      }
      setCurrent(atEnd ? (entries.at(-1)?.section ?? found) : found);
    };
    const schedule = (): void => {
      frame ||= requestAnimationFrame(measure);
    };
    const resized = (): void => {
      bar = barHeight();
      schedule();
    };
    const release = (): void => {
      chosen.current = false;
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', resized, { passive: true });
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, release, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', resized);
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
