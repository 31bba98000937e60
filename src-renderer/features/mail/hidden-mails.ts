import type { Mail } from '../../api/client.ts';

/**
 * Mails hidden by a removal that is still in its undo window (or committed): listings and the
 * live stream leave them out, so reopening the mailbox in the window does not bring them back.
 * Ids are never reused, so a committed id can stay in the set.
 */
class HiddenMails {
  private readonly byMailbox = new Map<string, Set<number>>();

  has(email: string, id: number): boolean {
    return this.byMailbox.get(email)?.has(id) ?? false;
  }

  add(email: string, ids: Iterable<number>): void {
    const set = this.byMailbox.get(email) ?? new Set<number>();
    for (const id of ids) set.add(id);
    this.byMailbox.set(email, set);
  }

  remove(email: string, ids: Iterable<number>): void {
    const set = this.byMailbox.get(email);
    if (!set) return;
    for (const id of ids) set.delete(id);
  }
}

export const hiddenMails = new HiddenMails();

export function withoutIds(mails: Mail[], ids: Set<number>): Mail[] {
  return mails.filter((m) => !ids.has(m.id));
}

/** Both lists as one, in ascending ids (the order of listings and search results), no repeats. */
export function mergeById(a: Mail[], b: Mail[]): Mail[] {
  const byId = new Map<number, Mail>();
  for (const mail of [...a, ...b]) if (!byId.has(mail.id)) byId.set(mail.id, mail);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}
