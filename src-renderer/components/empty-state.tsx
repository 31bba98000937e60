import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** What a list shows when it has nothing yet: an icon, a line, a hint, maybe an action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  tone = 'neutral',
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}): ReactElement {
  return (
    <div className={`empty empty-${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <div className="empty-icon">
        <Icon name={icon} size={26} />
      </div>
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}
