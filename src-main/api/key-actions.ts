import type { ApiKeyView, CreatedApiKeyView } from '../../src-shared/api/server-settings.ts';
import { AppError } from '../core/app-error.ts';
import { createKeyView, keyView } from '../mail/access/key-view.ts';
import type { ApiKeyStore } from '../mail/access/key-store.ts';

type Keys = Pick<ApiKeyStore, 'list' | 'create' | 'disable' | 'enable' | 'delete'>;

const notFound = (id: number): AppError =>
  new AppError('KEY_NOT_FOUND', `There is no API key ${id}.`);

/**
 * The API-key use cases of the settings screen (/api/keys over either carrier): the same
 * answers and the same KEY_NOT_FOUND for an unknown id.
 */
export const keyActions = {
  list: (keys: Keys): ApiKeyView[] => keys.list().map(keyView),
  create: (keys: Keys, name: string): CreatedApiKeyView => createKeyView(keys, name),
  disable(keys: Keys, id: number): ApiKeyView {
    const key = keys.disable(id) ? keys.list().find((k) => k.id === id) : undefined;
    if (!key) throw notFound(id);
    return keyView(key);
  },
  /** Undoes disable: the key works again (the way back that is not the command line). */
  enable(keys: Keys, id: number): ApiKeyView {
    const key = keys.enable(id) ? keys.list().find((k) => k.id === id) : undefined;
    if (!key) throw notFound(id);
    return keyView(key);
  },
  delete(keys: Keys, id: number): void {
    if (!keys.delete(id)) throw notFound(id);
  },
};
