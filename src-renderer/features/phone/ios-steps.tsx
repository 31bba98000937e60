import type { ReactElement, ReactNode } from 'react';
import { LanOff } from './lan-off.tsx';
import { fillPath, routes } from '../../../src-shared/api/routes.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';

/**
 * iOS Shortcuts: a shortcut file cannot be made without Apple's signing, so the steps are shown
 * with this Ephemera's values filled in, each value with its own Copy button.
 */
export function IosSteps({
  url,
  reachable,
  keyText,
}: {
  url: string;
  /** False while the address is loopback: no values that point the phone at itself. */
  reachable: boolean;
  keyText: string;
}): ReactElement {
  const t = useT();
  const taskPrefix = `${url}${fillPath(routes.taskGet.path, { token: '' })}`;
  if (!reachable) {
    return (
      <Section icon="bolt" title={t('phone.ios.title')} description={t('phone.ios.description')}>
        <LanOff text={t('phone.lanFirst')} testId="ios-lan-off" />
      </Section>
    );
  }
  return (
    <Section icon="bolt" title={t('phone.ios.title')} description={t('phone.ios.description')}>
      <ol className="steps steps-plain ios-steps" data-testid="ios-steps">
        <li>{t('phone.ios.1')}</li>
        <li>
          {t('phone.ios.2')}
          <Values>
            <Value name={t('phone.ios.url')} value={`${url}${routes.taskCreate.path}`} />
            <Value name={t('phone.ios.method')} value="POST" />
            <Value name={t('phone.ios.bodyKey')} value="text" />
          </Values>
        </li>
        <li>
          {t('phone.ios.3')}
          <Values>
            <Value name={t('phone.ios.key')} value="task_id" />
          </Values>
        </li>
        <li>
          {t('phone.ios.4')}
          <Values>
            <Value name={t('phone.ios.urlStart')} value={taskPrefix} />
            <Value name={t('phone.ios.urlEnd')} value="?wait=30" />
          </Values>
        </li>
        <li>
          {t('phone.ios.6')}
          <Values>
            <Value name={t('phone.ios.key')} value="media.download_url" />
            <Value name={t('phone.ios.urlStart')} value={url} />
          </Values>
        </li>
        <li>
          {t('phone.ios.7')}
          <Values>
            <Value name={t('phone.ios.key')} value="error" />
          </Values>
        </li>
        <li>
          {t('phone.ios.mail')}
          <Values>
            <Value name={t('phone.ios.url')} value={`${url}${routes.mailGenerate.path}`} />
            <Value name={t('phone.ios.header')} value="X-API-Key" />
            <Value name={t('phone.ios.headerValue')} value={keyText} />
          </Values>
        </li>
      </ol>
    </Section>
  );
}

function Values({ children }: { children: ReactNode }): ReactElement {
  return <dl className="ios-values">{children}</dl>;
}

/** One value to type into a Shortcuts action, with a Copy button naming it. */
function Value({ name, value }: { name: string; value: string }): ReactElement {
  const t = useT();
  return (
    <div className="ios-value">
      <dt>{name}</dt>
      <dd>
        <code>{value}</code>
        <CopyButton
          text={value}
          size="sm"
          showLabel={false}
          label={t('phone.ios.copy', { name })}
          testId="ios-copy"
        />
      </dd>
    </div>
  );
}
