/** What one SMTP load run asks for; passed to the worker as plain data. */
export interface SmtpLoadPlan {
  port: number;
  /** Parallel connections, each sending one mail after another. */
  connections: number;
  /** Mails per connection. */
  mailsPerConnection: number;
  /** Recipients, spread round-robin over the mails. */
  recipients: string[];
  /** Size of each message in bytes (headers included, about). */
  messageBytes: number;
}

export interface SmtpLoadStats {
  mails: number;
  ms: number;
}

/** A plain-text message of about `bytes` bytes, lines of 76 characters. */
export function benchMessage(to: string, n: number, bytes: number): string {
  const head =
    `From: Bench <bench@example.org>\r\nTo: ${to}\r\nSubject: bench ${n}\r\n` +
    'Content-Type: text/plain; charset=utf-8\r\n\r\n';
  const line = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod te'}\r\n`;
  const body = line.repeat(Math.max(1, Math.floor((bytes - head.length) / line.length)));
  return `${head}Your code is ${String(100000 + (n % 900000))}.\r\n${body}`;
}
