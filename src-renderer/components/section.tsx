import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** A titled card on the settings and phone pages. */
export function Section({
  icon,
  title,
  description,
  aside,
  children,
  testId,
}: {
  icon: IconName;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  testId?: string;
}): ReactElement {
  return (
    <section className="card section" data-testid={testId}>
      <header className="section-head">
        <span className="section-icon">
          <Icon name={icon} />
        </span>
        <div className="section-titles">
          <h2>{title}</h2>
          {description ? <p className="muted">{description}</p> : null}
        </div>
        {aside ? <div className="section-aside">{aside}</div> : null}
      </header>
      {children ? <div className="section-body">{children}</div> : null}
    </section>
  );
}
