import { readSourceError } from '../../../src-shared/mail/source-errors.ts';
import type { Translate } from '../../i18n/i18n.ts';

/**
 * A source's reason (`last_error`, a test's error) in the UI's language: the server's sentence
 * read back into its reason, a sentence inside it read the same way; one it does not know is
 * shown as the server wrote it.
 */
export function sourceErrorText(t: Translate, text: string, depth = 0): string {
  const read = readSourceError(text);
  if (!read) return text;
  const inner =
    read.inner === null ? '' : depth < 2 ? sourceErrorText(t, read.inner, depth + 1) : read.inner;
  return t(`settings.sources.error.${read.reason}`, { ...read.values, inner });
}
