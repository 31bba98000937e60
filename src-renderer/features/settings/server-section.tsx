import {
  useEffect,
  useState,
  type FormEvent,
  type ReactElement,
  type ReactNode,
  type RefCallback,
} from 'react';
import {
  api,
  asApiError,
  type ApiError,
  type Settings,
  type SettingsPatch,
} from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import type { SettingsInvalidReason } from '../../../src-shared/errors/codes.ts';
import { useSettings } from './settings-store.ts';
import { useProxyFocus } from './proxy-focus.ts';

/**
 * Ports, proxy, data folder and (desktop) code notifications. The proxy and notifications apply
 * at once; ports and the data folder at the next start. Fields a flag fixed are read-only.
 */
export function ServerSection({ settings }: { settings: Settings }): ReactElement {
  const t = useT();
  const locked = (field: Settings['locked'][number]): boolean => settings.locked.includes(field);
  const desktop = api().transport === 'ipc';
  const update = useSettings((s) => s.update);
  const saving = useSettings((s) => s.saving);
  const toast = useToasts((s) => s.show);
  const [httpPort, setHttpPort] = useState(String(settings.http_port));
  const [smtpPort, setSmtpPort] = useState(String(settings.smtp_port));
  const [proxy, setProxy] = useState(settings.proxy ?? '');
  const [dataDir, setDataDir] = useState(settings.data_dir);
  const [error, setError] = useState<FormError | null>(null);
  const proxyRef = useProxyFocus();

  // A refusal that names a field is shown on it (aria-invalid, aria-describedby) and the focus
  // goes there; the rest stays under the form.
  const fields = error ? fieldsOf(error) : null;
  useEffect(() => {
    const first = error ? fieldsOf(error)[0] : undefined;
    if (first) document.getElementById(first)?.focus();
  }, [error]);
  const message = error ? (
    error.kind === 'badPort' ? (
      t('settings.server.badPort')
    ) : (
      <ErrorText error={error.error} />
    )
  ) : null;
  const fieldError = (id: FieldId): FieldProblem | undefined => {
    if (!fields?.includes(id)) return undefined;
    // One sentence for the fields it concerns, under the first of them.
    return { messageId: `${fields[0]}-error`, message: fields[0] === id ? message : null };
  };
  const edit =
    (id: FieldId, set: (value: string) => void) =>
    (value: string): void => {
      set(value);
      if (fields?.includes(id)) setError(null);
    };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const patch: SettingsPatch = {};
    const hp = Number(httpPort);
    const sp = Number(smtpPort);
    if (!isPort(hp) || !isPort(sp)) {
      setError({ kind: 'badPort', http: !isPort(hp), smtp: !isPort(sp) });
      return;
    }
    if (hp !== settings.http_port && !locked('http_port')) patch.http_port = hp;
    if (sp !== settings.smtp_port && !locked('smtp_port')) patch.smtp_port = sp;
    const proxyValue = proxy.trim() === '' ? null : proxy.trim();
    if (proxyValue !== settings.proxy && !locked('proxy')) patch.proxy = proxyValue;
    if (dataDir.trim() !== settings.data_dir && !locked('data_dir')) {
      patch.data_dir = dataDir.trim();
    }
    setError(null);
    if (Object.keys(patch).length === 0) return;
    update(patch).then(
      () => toast(t('settings.saved'), 'success'),
      (err: unknown) => setError({ kind: 'api', error: asApiError(err) }),
    );
  };

  return (
    <Section
      icon="settings"
      title={t('settings.server.title')}
      description={t('settings.server.description')}
    >
      <form className="form-grid" onSubmit={submit} noValidate>
        <Field
          id="http-port"
          label={t('settings.server.httpPort')}
          value={httpPort}
          onChange={edit('http-port', setHttpPort)}
          locked={locked('http_port')}
          problem={fieldError('http-port')}
          numeric
        />
        <Field
          id="smtp-port"
          label={t('settings.server.smtpPort')}
          value={smtpPort}
          onChange={edit('smtp-port', setSmtpPort)}
          locked={locked('smtp_port')}
          problem={fieldError('smtp-port')}
          numeric
        />
        <Field
          id="proxy"
          label={t('settings.server.proxy')}
          value={proxy}
          onChange={edit('proxy', setProxy)}
          locked={locked('proxy')}
          placeholder="http://127.0.0.1:7890"
          hint={
            settings.proxy_password_set
              ? `${t('settings.server.proxyHint')} ${t('settings.server.proxyPasswordSet')}`
              : t('settings.server.proxyHint')
          }
          problem={fieldError('proxy')}
          inputRef={proxyRef}
        />
        <Field
          id="data-dir"
          label={t('settings.server.dataDir')}
          value={dataDir}
          onChange={edit('data-dir', setDataDir)}
          locked={locked('data_dir')}
          copyLabel={t('settings.server.copyDataDir')}
          hint={t('settings.server.dataDirHint')}
          problem={fieldError('data-dir')}
        />
        {desktop ? (
          <div className="form-grid-full switch-row">
            <span>{t('settings.server.notifications')}</span>
            <Switch
              checked={settings.code_notifications}
              label={t('settings.server.notifications')}
              disabled={saving}
              testId="notifications-toggle"
              onChange={(next) => {
                update({ code_notifications: next }).catch((err: unknown) =>
                  setError({ kind: 'api', error: asApiError(err) }),
                );
              }}
            />
          </div>
        ) : null}
        <div className="form-grid-full">
          {message && !fields?.length ? (
            <p className="field-error" role="alert">
              {message}
            </p>
          ) : null}
          {settings.restart_required ? (
            <p className="notice">{t('settings.server.restart')}</p>
          ) : null}
          <Button type="submit" variant="primary" loading={saving}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

type FieldId = 'http-port' | 'smtp-port' | 'proxy' | 'data-dir';

type FormError =
  { kind: 'badPort'; http: boolean; smtp: boolean } | { kind: 'api'; error: ApiError };

/** The message of a refused field, or of another field it shares (`message` null there). */
interface FieldProblem {
  messageId: string;
  message: ReactNode;
}

/** The fields a refusal is about, the one to show the sentence under first. */
function fieldsOf(error: FormError): FieldId[] {
  if (error.kind === 'badPort') {
    return [
      ...(error.http ? ['http-port' as const] : []),
      ...(error.smtp ? ['smtp-port' as const] : []),
    ];
  }
  if (error.error.code !== 'SETTINGS_INVALID') return [];
  const reason = error.error.extra.reason;
  return reason ? (FIELDS_OF_REASON[reason] ?? []) : [];
}

/** The fields of this form a SETTINGS_INVALID reason is about. */
const FIELDS_OF_REASON: Partial<Record<SettingsInvalidReason, FieldId[]>> = {
  // Two ports that are the same: said on the SMTP port, both marked.
  ports_same: ['smtp-port', 'http-port'],
  smtp_port_reserved: ['smtp-port'],
  http_port_blocked: ['http-port'],
  proxy_invalid: ['proxy'],
  data_dir_unusable: ['data-dir'],
};

/** One row of the form: label, input, its error, and a hint (or why a flag made it read-only). */
function Field({
  id,
  label,
  value,
  onChange,
  locked,
  hint,
  problem,
  numeric = false,
  placeholder,
  inputRef,
  copyLabel,
}: {
  id: FieldId;
  label: string;
  value: string;
  onChange: (value: string) => void;
  locked: boolean;
  hint?: string;
  problem?: FieldProblem;
  numeric?: boolean;
  placeholder?: string;
  inputRef?: RefCallback<HTMLInputElement>;
  /** Offers a Copy button for the value (a path someone may want in a terminal). */
  copyLabel?: string;
}): ReactElement {
  const t = useT();
  const note = locked ? t('settings.server.locked') : hint;
  const describedBy = [problem?.messageId, note ? `${id}-hint` : null].filter(Boolean).join(' ');
  // Read-only, not disabled: a locked value still reads clearly and can be selected and copied.
  const input = (
    <input
      id={id}
      ref={inputRef}
      value={value}
      inputMode={numeric ? 'numeric' : undefined}
      placeholder={placeholder}
      spellCheck={false}
      readOnly={locked}
      className={locked ? 'is-locked' : undefined}
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy || undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {copyLabel ? (
        <div className="field-with-copy">
          {input}
          <CopyButton
            text={value}
            label={copyLabel}
            size="sm"
            showLabel={false}
            testId={`${id}-copy`}
          />
        </div>
      ) : (
        input
      )}
      {problem?.message ? (
        <p
          id={problem.messageId}
          className="field-hint field-error"
          role="alert"
          data-testid={`${id}-error`}
        >
          {problem.message}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-hint`} className="field-hint">
          {note}
        </p>
      ) : null}
    </>
  );
}

function isPort(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}
