import type { ApiKeyView, CreatedApiKeyView } from '../../../src-shared/api/server-settings.ts';
import type { ApiKeyInfo, ApiKeyStore } from './key-store.ts';

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

/** Makes a key; the one answer that carries the key itself (POST /api/keys, a sign-in). */
export function createKeyView(keys: Pick<ApiKeyStore, 'create'>, name: string): CreatedApiKeyView {
  const created = keys.create(name);
  return { ...keyView(created), key: created.key };
}
