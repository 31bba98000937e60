/**
 * A pure function of one string, remembered in a map of at most `max` entries that is emptied
 * when full. Made for values that arrive with every request and are nearly always the same
 * (the Host header, the peer address): a client sending a new one each time costs one
 * computation each, as without the memo, and never more memory.
 */
export function boundedMemo<T>(fn: (input: string) => T, max: number): (input: string) => T {
  const memo = new Map<string, T>();
  return (input) => {
    if (memo.has(input)) return memo.get(input) as T;
    const value = fn(input);
    if (memo.size >= max) memo.clear();
    memo.set(input, value);
    return value;
  };
}
