/** One schema step. Steps are append-only: never edit a released one, add the next. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
