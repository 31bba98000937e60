import { useEffect, useState, type ReactElement } from 'react';
import { api, asApiError } from '../../api/client.ts';
import type { UpdateState } from '../../api/types.ts';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/en.ts';
import { formatWhen } from '../../lib/format.ts';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { useToasts } from '../../stores/toast-store.ts';

const PHASE_TEXT: Record<UpdateState['phase'], MessageKey> = {
  off: 'settings.updates.phase.off',
  idle: 'settings.updates.phase.idle',
  checking: 'settings.updates.phase.checking',
  'up-to-date': 'settings.updates.phase.upToDate',
  available: 'settings.updates.phase.available',
  downloading: 'settings.updates.phase.downloading',
  ready: 'settings.updates.phase.ready',
  error: 'settings.updates.phase.error',
};

/**
 * Desktop app only: automatic checks on or off (settings.json), "Check now", the running and
 * the newer version, and "Restart to update" (or "Download" where this build cannot install
 * updates itself). A failed check is a line here, never a dialog.
 */
export function UpdatesSection(): ReactElement | null {
  const t = useT();
  const locale = useLocale();
  const updates = api().desktop?.updates ?? null;
  const toast = useToasts((s) => s.show);
  const [state, setState] = useState<UpdateState | null>(null);
  const [busy, runBusy] = useBusyAction();

  useEffect(() => {
    if (!updates) return undefined;
    updates
      .state()
      .then(setState)
      .catch(() => setState(null));
    return updates.onChange(setState);
  }, [updates]);

  if (!updates || !state) return null;
  const fail = (err: unknown) => toast(asApiError(err), 'error');
  const status = t(PHASE_TEXT[state.phase], {
    version: state.available ?? '',
    percent: Math.round(state.percent ?? 0),
    error: state.error ?? '',
  });
  const canApply = state.phase === 'ready' || (state.available !== null && state.downloadPage);
  return (
    <Section
      icon="download"
      title={t('settings.updates.title')}
      description={t(
        state.mode === 'install'
          ? 'settings.updates.description.install'
          : state.mode === 'download-page'
            ? 'settings.updates.description.page'
            : 'settings.updates.description.none',
      )}
      testId="updates-section"
    >
      <div className="form-grid">
        <span>{t('settings.updates.auto')}</span>
        {state.mode === 'none' ? (
          <span className="muted">{t('settings.desktop.loginUnavailable')}</span>
        ) : (
          <Switch
            checked={state.enabled}
            label={t('settings.updates.auto')}
            disabled={busy}
            testId="updates-toggle"
            onChange={(next) => runBusy(() => updates.setEnabled(next).then(setState))}
          />
        )}
        <span>{t('settings.updates.current')}</span>
        <span data-testid="updates-current">{state.current}</span>
        <span>{t('settings.updates.status')}</span>
        <span data-testid="updates-status" role="status">
          {status}
          {state.checkedAt && state.phase !== 'checking' ? (
            <span className="muted">
              {' · '}
              {t('settings.updates.checkedAt', { when: formatWhen(state.checkedAt, locale) })}
            </span>
          ) : null}
        </span>
        {state.mode === 'none' ? null : (
          <>
            <span />
            <div className="row">
              <Button
                icon="refresh"
                data-testid="updates-check"
                disabled={busy || state.phase === 'checking' || state.phase === 'downloading'}
                onClick={() => {
                  updates.check().then(setState).catch(fail);
                }}
              >
                {t('settings.updates.check')}
              </Button>
              {canApply ? (
                <Button
                  variant="primary"
                  icon={state.phase === 'ready' ? 'refresh' : 'external'}
                  data-testid="updates-apply"
                  onClick={() => {
                    updates.apply().then(setState).catch(fail);
                  }}
                >
                  {t(
                    state.phase === 'ready'
                      ? 'settings.updates.restart'
                      : 'settings.updates.download',
                  )}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </Section>
  );
}
