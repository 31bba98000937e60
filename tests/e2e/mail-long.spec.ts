import { sendMail } from '../helpers/smtp-client.ts';
import { expect, test } from './support/fixtures.ts';
import { openNewMailbox } from './support/mail-seed.ts';

test('a long mail is shown cut with a note, and "Show all" loads it whole', async ({
  page,
  server,
}) => {
  const email = await openNewMailbox(page, server);

  // 300 000 characters: past the 262 144 that listings and pushes keep.
  const line = 'The quick brown fox jumps over the lazy dog, again and again.\n';
  const text = `Your code is 905517.\n${line.repeat(4900)}THE-END-MARKER\n`;
  await sendMail(server.smtpPort, { to: email, subject: 'A very long mail', text });

  await page.getByTestId('mail-row').first().click();
  const view = page.getByTestId('mail-view');
  const note = view.getByTestId('mail-truncated');
  await expect(note).toContainText('only its beginning is shown');
  await expect(view.getByTestId('mail-text')).toContainText('Your code is 905517.');
  await expect(view.getByTestId('mail-text')).not.toContainText('THE-END-MARKER');

  await view.getByTestId('load-whole').click();
  await expect(view.getByTestId('mail-text')).toContainText('THE-END-MARKER');
  await expect(note).toBeHidden();
});
