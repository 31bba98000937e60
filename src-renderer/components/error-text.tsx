import type { ReactElement } from 'react';
import type { ApiError } from '../api/api-error.ts';
import { describeError, errorDetail } from '../i18n/error-text.ts';
import { useT } from '../i18n/i18n.ts';

/** An error in the UI's language (re-rendered on a language switch); the server's sentence as a tooltip. */
export function ErrorText({ error }: { error: ApiError }): ReactElement {
  const t = useT();
  return <span title={errorDetail(error, t)}>{describeError(error, t)}</span>;
}
