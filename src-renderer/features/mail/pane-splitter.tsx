import { useRef, type ReactElement } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { LIST_WIDTH, useMailLayout } from './mail-layout-store.ts';

/**
 * The handle between the mail list and the reading pane: drag it, or focus it and use ←/→
 * (Home/End for the ends). A window splitter in the ARIA sense, so screen readers announce the
 * list's width; the width is remembered on this device.
 */
export function PaneSplitter(): ReactElement {
  const t = useT();
  const width = useMailLayout((s) => s.listWidth);
  const setWidth = useMailLayout((s) => s.setListWidth);
  const drag = useRef<{ x: number; width: number } | null>(null);
  return (
    <div
      className="pane-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('mail.layout.resize')}
      aria-controls="mail-list-pane"
      aria-valuemin={LIST_WIDTH.min}
      aria-valuemax={LIST_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="pane-splitter"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width };
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (start) setWidth(start.width + event.clientX - start.x);
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={(event) => {
        const next =
          event.key === 'ArrowLeft'
            ? width - LIST_WIDTH.step
            : event.key === 'ArrowRight'
              ? width + LIST_WIDTH.step
              : event.key === 'Home'
                ? LIST_WIDTH.min
                : event.key === 'End'
                  ? LIST_WIDTH.max
                  : null;
        if (next === null) return;
        event.preventDefault();
        setWidth(next);
      }}
    />
  );
}
