/** Who an accepted SMTP message is from and for. */
export interface Envelope {
  /** MAIL FROM, or null for the null sender `<>`. */
  from: string | null;
  /** Accepted recipients, lower-case, without duplicates, `+tag` kept (address.ts maps them). */
  recipients: string[];
}
