import path from 'node:path';
import { randomInt } from 'node:crypto';
import { openDatabase } from '../../src-main/db/open-database.ts';

/**
 * Writes `addresses` leases and `mails` mails straight into a data folder's database in one
 * transaction, mails spread over the addresses at random (so one mailbox's ids are scattered,
 * as live traffic leaves them), every other one in Chinese. Returns the addresses.
 */
export function seedMails(
  dataDir: string,
  addresses: number,
  mails: number,
  now: number,
): string[] {
  const db = openDatabase(path.join(dataDir, 'ephemera.db'));
  const emails = Array.from(
    { length: addresses },
    (_, i) => `bench${String(i).padStart(6, '0')}@ephemera.localhost`,
  );
  const lease = db.prepare(
    `INSERT INTO mail_leases (email, domain, generated_at, expires_at, extension_count, max_extension_count)
     VALUES (?, 'ephemera.localhost', ?, ?, 0, 12)`,
  );
  const issued = db.prepare('INSERT INTO mail_issued (email, local_part) VALUES (?, ?)');
  const mail = db.prepare(
    `INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text, html,
       received_at, code, size, attachments_json)
     VALUES (?, 'sender@example.org', 'Sender', ?, ?, ?, NULL, ?, ?, 1200, '[]')`,
  );
  db.transaction(() => {
    for (const email of emails) {
      lease.run(email, now, now + 24 * 3_600_000);
      issued.run(email, email.split('@')[0]);
    }
    for (let i = 0; i < mails; i++) {
      const email = emails[randomInt(addresses)] ?? '';
      const code = String(100000 + (i % 900000));
      // Every other mail in Chinese: its runs are indexed as character pairs (search-terms.ts).
      const chinese = i % 2 === 1;
      mail.run(
        email,
        JSON.stringify([email]),
        chinese ? `您的验证码 ${code}` : `Your code ${code}`,
        chinese
          ? `您好，您的验证码是${code}，10分钟内有效。如非本人操作，请忽略本邮件。`
          : `Hello, your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this mail.`,
        now,
        code,
      );
    }
  })();
  db.close();
  return emails;
}
