/**
 * Bytes held at once by everyone sharing one budget (the SMTP messages being received and
 * parsed). A reservation that would pass the total is refused whole, so the caller can turn
 * the work away instead of holding it.
 */
export class ByteBudget {
  private used = 0;

  constructor(private readonly total: number) {}

  /** Takes `bytes` from the budget, or returns false (taking nothing) when they do not fit. */
  reserve(bytes: number): boolean {
    if (this.used + bytes > this.total) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  /** Bytes held now (tests, diagnostics). */
  get inUse(): number {
    return this.used;
  }
}
