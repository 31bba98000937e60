import { useEffect, type RefObject } from 'react';

/**
 * On a phone the mail is the screen's content: its frame is as high as the mail (the page is the
 * one scroll) and a mail laid out wider than the screen is scaled down to its width, as mail apps
 * do. The frame runs no script, so the sizes are read and set from this page; that needs the
 * frame's `allow-same-origin` (see docs/security.md, "Mail HTML shown in the web UI").
 */

/** Past this the frame stops growing (a mail whose height follows the frame's own). */
export const MAX_FRAME_HEIGHT = 40_000;

/** The zoom that fits a document `natural` px wide into `available` px; 1 when it fits. */
export function fitZoom(natural: number, available: number): number {
  if (available <= 0 || natural <= available + 1) return 1;
  return available / natural;
}

/** The frame's height for a document `content` px high: whole pixels, within the cap. */
export function frameHeight(content: number): number {
  return Math.min(Math.ceil(Math.max(content, 0)), MAX_FRAME_HEIGHT);
}

/**
 * Scales the frame's document to the frame's width and makes the frame as high as it. The frame
 * is first made 0 px high so that a mail whose height follows the viewport's (`100vh`,
 * `height: 100%`) is measured at its own height and cannot make the frame grow step by step;
 * the page's scroll position, clamped meanwhile, is put back before anything is painted.
 */
export function fitFrame(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument;
  const root = doc?.documentElement;
  if (!doc || !root || !doc.body) return;
  const scrollY = window.scrollY;
  // Inline and important: the mail's own CSS cannot undo them. Never a second scroll area.
  root.style.setProperty('overflow', 'hidden', 'important');
  root.style.removeProperty('zoom');
  frame.style.height = '0px';
  const zoom = fitZoom(root.scrollWidth, root.clientWidth);
  if (zoom !== 1) root.style.setProperty('zoom', String(zoom), 'important');
  // The style's height is the border box: the frame's own borders come on top of the mail.
  const borders = frame.offsetHeight - frame.clientHeight;
  frame.style.height = `${frameHeight(root.scrollHeight) + borders}px`;
  if (window.scrollY !== scrollY) window.scrollTo(window.scrollX, scrollY);
}

/**
 * Keeps the frame fitted while `enabled`: on each load of its document, when the document
 * changes size (images, fonts) and when the frame's width changes (rotation, resize). Off, it
 * leaves the frame to the style sheet (the desktop's frame fills the reading pane and scrolls).
 */
export function useFrameFit(ref: RefObject<HTMLIFrameElement | null>, enabled: boolean): void {
  useEffect(() => {
    const frame = ref.current;
    if (!enabled || !frame) return undefined;
    let width = -1;
    let pending = 0;
    const fit = (): void => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => fitFrame(frame));
    };
    const content = new ResizeObserver(fit);
    const outer = new ResizeObserver(() => {
      if (frame.clientWidth === width) return;
      width = frame.clientWidth;
      fit();
    });
    const onLoad = (): void => {
      content.disconnect();
      const body = frame.contentDocument?.body;
      if (body) content.observe(body);
      fitFrame(frame);
    };
    frame.addEventListener('load', onLoad);
    outer.observe(frame);
    if (frame.contentDocument?.readyState === 'complete') onLoad();
    return () => {
      cancelAnimationFrame(pending);
      frame.removeEventListener('load', onLoad);
      content.disconnect();
      outer.disconnect();
      frame.style.removeProperty('height');
      const root = frame.contentDocument?.documentElement;
      root?.style.removeProperty('zoom');
      root?.style.removeProperty('overflow');
    };
  }, [ref, enabled]);
}
