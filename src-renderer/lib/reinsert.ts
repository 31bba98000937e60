/**
 * Puts `item` back where it was in `before`, the list as it was when the item was taken out:
 * ahead of its old successor if that is still there (other items may have come or gone since),
 * otherwise at its old index. Nothing changes if the item is already back.
 */
export function reinsert<T>(list: T[], item: T, before: T[], same: (a: T, b: T) => boolean): T[] {
  if (list.some((x) => same(x, item))) return list;
  const oldIndex = before.findIndex((x) => same(x, item));
  const successor = oldIndex >= 0 ? before[oldIndex + 1] : undefined;
  const at = successor === undefined ? -1 : list.findIndex((x) => same(x, successor));
  const index = at >= 0 ? at : Math.min(Math.max(oldIndex, 0), list.length);
  return [...list.slice(0, index), item, ...list.slice(index)];
}
