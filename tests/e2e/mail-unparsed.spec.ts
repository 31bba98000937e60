import { expect, test } from './support/fixtures.ts';
import { openNewMailbox } from './support/mail-seed.ts';

test('a mail kept unparsed is shown as received, with a note saying why', async ({
  page,
  server,
}) => {
  const email = await openNewMailbox(page, server);
  const text = 'Subject: =?bogus?Q?x?=\r\n\r\nraw body as it came\r\n';
  const res = await fetch(`${server.control}/unparsed`, {
    method: 'POST',
    body: JSON.stringify({ email, text, reason: 'not parsed: the parser ran out of memory' }),
  });
  expect(res.status).toBe(204);

  await page.getByTestId('mail-row').first().click();
  const view = page.getByTestId('mail-view');
  await expect(view.getByTestId('mail-unparsed')).toContainText(
    'This mail could not be read (not parsed: the parser ran out of memory)',
  );
  await expect(view.getByTestId('mail-text')).toContainText('raw body as it came');
});
