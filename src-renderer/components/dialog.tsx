import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react';

/**
 * A modal built on <dialog>: the browser traps focus, Escape closes it, and the page behind is
 * inert. `onClose` runs when the person dismisses it (Escape); closing through `open` does not
 * call it, since the native close event arrives late and could close the next opening.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}): ReactElement {
  const ref = useRef<HTMLDialogElement>(null);
  // Each dialog names itself: a shared id made every closed dialog take the open one's title.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className="dialog-body">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
