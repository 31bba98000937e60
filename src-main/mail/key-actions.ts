import type { ApiKeyView, CreatedApiKeyView } from '../../src-shared/api/server-settings.ts';
import { AppError } from '../core/app-error.ts';
import type { ApiKeyInfo, ApiKeyStore } from './access/key-store.ts';

type Keys = Pick<ApiKeyStore, 'list' | 'create' | 'disable' | 'enable' | 'delete'>;

/** The key as listed, in the REST shape: never the key itself. */
export function keyView(key: ApiKeyInfo): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    hint: key.hint,
    created_at: new Date(key.createdAt).toISOString(),
    disabled_at: key.disabledAt === null ? null : new Date(key.disabledAt).toISOString(),
  };
}

const notFound = (id: number): AppError =>
  new AppError('KEY_NOT_FOUND', `There is no API key ${id}.`);

/**
 * The API-key use cases of the settings screen, shared by REST (/api/keys) and IPC (keys:*):
 * the same answers and the same KEY_NOT_FOUND for an unknown id.
 */
export const keyActions = {
  list: (keys: Keys): ApiKeyView[] => keys.list().map(keyView),
  create(keys: Keys, name: string): CreatedApiKeyView {
    const created = keys.create(name);
    return { ...keyView(created), key: created.key };
  },
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
