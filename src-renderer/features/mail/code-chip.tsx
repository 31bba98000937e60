import { useState, type ReactElement } from 'react';
import { Icon } from '../../components/icon.tsx';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useToasts, type Toast } from '../../stores/toast-store.ts';

/** Copies a code and says so in a toast (the chip's click and the "c" shortcut). */
export async function copyCode(
  code: string,
  t: Translate,
  toast: (text: string, tone: Toast['tone']) => void,
): Promise<boolean> {
  const ok = await copyText(code);
  toast(ok ? t('mail.code.copied', { code }) : t('common.copyFailed'), ok ? 'success' : 'error');
  return ok;
}

/** The verification code, large; one click (or Enter) copies it. */
export function CodeChip({
  code,
  size = 'lg',
  inRow = false,
}: {
  code: string;
  size?: 'md' | 'lg';
  /** In a mail row: out of the Tab order (one stop per row; "c" copies from the keyboard). */
  inRow?: boolean;
}): ReactElement {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`code-chip code-chip-${size} ${copied ? 'is-copied' : ''}`}
      data-testid="code-chip"
      tabIndex={inRow ? -1 : undefined}
      // The large chip says "Copy" on it, so its text is its name (what voice control users read
      // out); the small one shows only the code and an icon.
      aria-label={size === 'lg' ? undefined : t('mail.code.copyLabel', { code })}
      onClick={(event) => {
        event.stopPropagation();
        void copyCode(code, t, toast).then((ok) => {
          if (!ok) return;
          setCopied(true);
          setTimeout(() => setCopied(false), 1600);
        });
      }}
    >
      <span className="code-chip-code">{code}</span>{' '}
      <span className="code-chip-action">
        <Icon name={copied ? 'check' : 'copy'} size={size === 'lg' ? 18 : 14} />
        {size === 'lg' ? <span>{copied ? t('common.copied') : t('common.copy')}</span> : null}
      </span>
    </button>
  );
}
