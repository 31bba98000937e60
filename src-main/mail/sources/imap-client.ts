import type { ImapFlow } from 'imapflow';

let loading: Promise<typeof ImapFlow> | null = null;

/**
 * imapflow, loaded on the first connection: it adds about 18 MB and tens of milliseconds at
 * import, which every start would pay though most users have no mail source.
 */
export function loadImapFlow(): Promise<typeof ImapFlow> {
  loading ??= import('imapflow').then((m) => m.ImapFlow);
  return loading;
}
