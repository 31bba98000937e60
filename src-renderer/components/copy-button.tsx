import { useState, type ReactElement } from 'react';
import { useT } from '../i18n/i18n.ts';
import { copyText } from '../lib/clipboard.ts';
import { useToasts } from '../stores/toast-store.ts';
import { Button } from './button.tsx';

/** Copies `text` and says so; shows a check for a moment. */
export function CopyButton({
  text,
  label,
  variant = 'ghost',
  size = 'md',
  showLabel = true,
  testId,
}: {
  text: string;
  label?: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md';
  showLabel?: boolean;
  testId?: string;
}): ReactElement {
  const t = useT();
  const toast = useToasts((s) => s.show);
  const [copied, setCopied] = useState(false);
  const text_ = label ?? t('common.copy');
  return (
    <Button
      variant={variant}
      size={size}
      icon={copied ? 'check' : 'copy'}
      aria-label={text_}
      title={text_}
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((ok) => {
          if (!ok) return toast(t('common.copyFailed'), 'error');
          setCopied(true);
          toast(
            t('common.copiedText', { text: text.length > 48 ? `${text.slice(0, 45)}…` : text }),
            'success',
          );
          setTimeout(() => setCopied(false), 1600);
        });
      }}
    >
      {showLabel ? (copied ? t('common.copied') : text_) : null}
    </Button>
  );
}
