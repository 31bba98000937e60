import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type ReactElement } from 'react';
import type { Mail } from '../../api/client.ts';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { formatWhen } from '../../lib/format.ts';
import { useShortcutAction } from '../../stores/shortcut-store.ts';
import { Icon } from '../../components/icon.tsx';
import { CodeChip } from './code-chip.tsx';
import { LinkChip } from './link-chip.tsx';
import { linkHost } from './link-host.ts';
import { useInbox } from './inbox-store.ts';

/** A row's height before it is measured (two lines and padding); real heights replace it. */
const ROW_ESTIMATE = 69;
const LIST_PADDING = 8;

/**
 * The inbox's mails, newest first, in their own scroll area. Only the rows in view (plus a few
 * either side) are in the DOM, so ten thousand mails scroll like ten.
 */
export function MailList({
  mails,
  openId,
  onOpen,
}: {
  mails: Mail[];
  openId: number | null;
  onOpen: (id: number) => void;
}): ReactElement {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const newestFirst = useMemo(() => [...mails].reverse(), [mails]);
  // TanStack Virtual hands back functions React Compiler cannot memoise; this component opts out.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: newestFirst.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => newestFirst[index]?.id ?? index,
    overscan: 8,
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
  });

  // Arrow keys move between rows, bringing rows that are not rendered yet into view first. The
  // focus lands a frame or more later; keys pressed meanwhile step on from the row on its way,
  // not from the row that still has the focus, so a fast key repeat loses no step.
  const heading = useRef<number | null>(null);
  const focusRow = (index: number): void => {
    heading.current = index;
    virtual.scrollToIndex(index, { align: 'auto' });
    let tries = 0;
    const attempt = (): void => {
      if (heading.current !== index) return; // a later key took over
      const row = scroller.current?.querySelector<HTMLElement>(
        `li[data-index="${index}"] .mail-row-open`,
      );
      if (row) {
        row.focus();
        heading.current = null;
      } else if ((tries += 1) < 10) requestAnimationFrame(attempt);
      else heading.current = null;
    };
    attempt();
  };
  const clamp = (index: number): number => Math.min(Math.max(index, 0), newestFirst.length - 1);
  const moveFocus = (from: number, step: 1 | -1): void =>
    focusRow(clamp((heading.current ?? from) + step));

  // "j" and "k" open the next or previous mail (from the open one, else from the top) and take
  // the focus there, so ↑/↓ and Enter go on from the same row. The open id is read from the
  // store, not from props, so a key repeat faster than rendering still steps one by one.
  const openNext = (step: 1 | -1): void => {
    if (newestFirst.length === 0) return;
    const openNow = useInbox.getState().openMailId;
    const at = newestFirst.findIndex((m) => m.id === openNow);
    const index = at === -1 ? 0 : clamp(at + step);
    const mail = newestFirst[index];
    if (!mail) return;
    if (mail.id !== openNow) onOpen(mail.id);
    focusRow(index);
  };
  useShortcutAction('mail.next', () => openNext(1));
  useShortcutAction('mail.previous', () => openNext(-1));

  return (
    <div className="mail-list-scroll" ref={scroller} data-testid="mail-list-scroll">
      <ul
        className="mail-list"
        aria-label={t('mail.inbox')}
        data-testid="mail-list"
        style={{ height: virtual.getTotalSize() }}
      >
        {virtual.getVirtualItems().map((item) => {
          const mail = newestFirst[item.index];
          if (!mail) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtual.measureElement}
              aria-setsize={newestFirst.length}
              aria-posinset={item.index + 1}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MailRow
                mail={mail}
                open={mail.id === openId}
                onOpen={onOpen}
                onMove={(step) => moveFocus(item.index, step)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MailRow({
  mail,
  open,
  onOpen,
  onMove,
}: {
  mail: Mail;
  open: boolean;
  onOpen: (id: number) => void;
  onMove: (step: 1 | -1) => void;
}): ReactElement {
  const t = useT();
  const locale = useLocale();
  const fresh = useInbox((s) => s.fresh.includes(mail.id));
  const from = mail.from_name ?? mail.from ?? t('mail.unknownSender');
  // One chip per row: a mail with both shows its code (the link is in the mail's banner).
  const rowLink = !mail.code && mail.link && linkHost(mail.link) ? mail.link : null;
  const preview = previewLine(mail.text);
  // Keeps the chip's width free at the end of the row's last line (the preview's, or the
  // subject's when there is none); the real chip lies on top of it.
  const chipSpace = mail.code ? (
    <span className="code-chip code-chip-md mail-row-code-space" aria-hidden="true">
      <span className="code-chip-code">{mail.code}</span>
      <span className="code-chip-action" />
    </span>
  ) : rowLink ? (
    <span className="code-chip code-chip-md link-chip mail-row-code-space" aria-hidden="true">
      <span className="link-chip-host">{linkHost(rowLink)}</span>
      <span className="code-chip-action" />
    </span>
  ) : null;
  // The row opens the mail; the code chip beside it copies the code. Two controls side by side
  // (a button inside a button would be one control to assistive technology, and invalid HTML).
  return (
    <div
      className={`mail-row ${open ? 'is-open' : ''} ${fresh ? 'is-fresh' : ''} ${mail.read ? '' : 'is-unread'}`}
      data-unread={mail.read ? undefined : 'true'}
      data-testid="mail-row"
    >
      <button
        type="button"
        className="mail-row-open"
        aria-current={open ? 'true' : undefined}
        onClick={() => onOpen(mail.id)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            onMove(event.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      >
        <span className="mail-row-top">
          <span className="mail-row-from">
            {mail.read ? null : (
              <span className="unread-dot" role="img" aria-label={t('mail.unread')} />
            )}
            {from}
          </span>
          <time className="muted" dateTime={mail.received_at}>
            {formatWhen(mail.received_at, locale)}
          </time>
        </span>
        <span className="mail-row-bottom">
          <span className="mail-row-subject">
            {mail.attachments.length > 0 ? (
              <span className="mail-row-clip" data-testid="mail-row-attachment">
                <Icon name="clip" size={14} label={t('mail.hasAttachments')} />
              </span>
            ) : null}
            {mail.subject ?? t('mail.noSubject')}
          </span>
          {preview === null ? chipSpace : null}
        </span>
        {preview === null ? null : (
          <span className="mail-row-last">
            <span className="mail-row-preview muted" data-testid="mail-row-preview">
              {preview}
            </span>
            {chipSpace}
          </span>
        )}
      </button>
      {mail.code ? <CodeChip code={mail.code} size="md" /> : null}
      {rowLink ? <LinkChip link={rowLink} /> : null}
    </div>
  );
}

/** The first words of the mail's text, on one line (what mail lists call the snippet). */
function previewLine(text: string | null): string | null {
  const line = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
  return line === '' ? null : line;
}
