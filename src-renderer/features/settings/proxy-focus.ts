import { useCallback } from 'react';

/**
 * Where the proxy hint of a failed video card links to (features/video/task-card.tsx): the
 * Settings screen with its proxy field in focus and highlighted.
 */
export const PROXY_SETTING_HREF = '#/settings/proxy';

/**
 * The proxy input's ref: when the page was opened at PROXY_SETTING_HREF, the field takes the
 * focus, scrolls into view and stays highlighted until it loses the focus. The address then
 * becomes `#/settings`, so a reload or a second click on the link does it afresh rather than
 * from a stale address.
 */
export function useProxyFocus(): (input: HTMLInputElement | null) => void {
  return useCallback((input) => {
    if (!input || window.location.hash !== PROXY_SETTING_HREF) return;
    window.history.replaceState(window.history.state, '', '#/settings');
    input.classList.add('is-highlighted');
    input.addEventListener('blur', () => input.classList.remove('is-highlighted'), { once: true });
    input.focus({ preventScroll: true });
    // After the shell's own effects, which scroll a newly shown screen to its top.
    requestAnimationFrame(() => input.scrollIntoView({ block: 'center' }));
  }, []);
}
