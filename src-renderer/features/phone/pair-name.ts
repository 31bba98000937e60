/**
 * A name for the next phone that no key has yet: `base` ("Phone"), else "Phone 2", "Phone 3"…
 * (compared without case, as people read them).
 */
export function suggestPhoneName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.trim().toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base} ${n}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}
