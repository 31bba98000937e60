/** The limits of the temporary-mailbox service (docs/API.md "Mail limits"). */
export const MAIL_LIMITS = {
  /** Lease length of a new or reactivated mailbox; reported as `expires_in_minutes`. */
  leaseMinutes: 30,
  /** What one POST extend adds to `expires_at`. */
  extensionMinutes: 15,
  maxExtensionCount: 12,
  batchMin: 1,
  batchMax: 100,
  listDefault: 50,
  listMax: 200,
  bulkMaxItems: 100,
  /** `?wait=S` on the mail list: long poll, 0 to 30 s. */
  maxWaitSeconds: 30,
  /** Largest accepted message, raw bytes as received over SMTP. */
  maxMessageBytes: 10 * 1024 * 1024,
  /**
   * Raw bytes of all SMTP messages being received and stored at once (each costs about three
   * times its size in memory while it is parsed); past it a message gets 452 and is retried.
   */
  smtpInFlightBytes: 32 * 1024 * 1024,
  /** Recipients accepted in one SMTP transaction; more get 452 (the sender retries them). */
  maxRecipients: 100,
  heartbeatSeconds: 25,
  /** Mails stay this long after their mailbox expired; reuse within it brings them back. */
  retentionHours: 24,
  localPartLength: 10,
  /** Longest address accepted anywhere (RFC 5321 path limit less the brackets). */
  maxAddressLength: 254,
  maxLocalPartLength: 64,
  /**
   * Listings (GET /api/emails/{email}, bulk, WebSocket) cut `text` and `html` to this many
   * characters each and `subject` to `listSubjectChars`, and then say `truncated: true`;
   * GET /api/emails/{email}/{id} gives the whole mail.
   */
  listBodyChars: 256 * 1024,
  listSubjectChars: 4096,
  /**
   * A list answer, a bulk answer and each WebSocket replay step stop adding mails once their
   * mails reach this many bytes (counted as characters), but always carry at least one mail.
   */
  responseBytes: 4 * 1024 * 1024,
  /** What is kept of a mail's address and attachment lists, and of each name in them. */
  maxStoredAddresses: 100,
  maxStoredAttachments: 100,
  maxStoredNameChars: 998,
  /** `?q=` of a mailbox search: at most this many characters, and words in them. */
  searchMaxChars: 256,
  searchMaxWords: 16,
  /** "Show source" in the UI displays at most this much of the raw message. */
  rawSourceBytes: 256 * 1024,
} as const;

/** The domain a fresh install offers: `.localhost` names never leave the machine (RFC 6761). */
export const DEFAULT_MAIL_DOMAIN = 'ephemera.localhost';
