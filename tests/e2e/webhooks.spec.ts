import AxeBuilder from '@axe-core/playwright';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('settings → webhooks', () => {
  let receiver: WebhookReceiver;
  test.beforeEach(async ({ page, server }) => {
    receiver = await new WebhookReceiver().start();
    await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test('add a webhook (secret shown once), send a test event, see a mail delivered, delete it', async ({
    page,
    server,
  }) => {
    const section = page.getByTestId('webhooks-section');
    await page.goto(`${server.url}/#/settings`);
    await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    // A URL the server refuses: its reason, in words, in a toast; nothing added.
    await section.getByLabel('URL').fill('ftp://example.org/hook');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Give an http:// or https:// URL')).toBeVisible();
    await expect(section.getByTestId('webhook-item')).toHaveCount(0);

    await section.getByLabel('URL').fill(receiver.url);
    await section.getByLabel('Description (optional)').fill('e2e receiver');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await section.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(
      section.getByTestId('new-webhook').getByRole('button', { name: /Copy/ }),
    ).toBeVisible();
    receiver.setSecret(secret);
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByTestId('new-webhook')).toHaveCount(0);
    const item = section.getByTestId('webhook-item').filter({ hasText: receiver.url });
    await expect(item).toContainText('e2e receiver');

    // After a reload the secret is nowhere on the page.
    await page.reload();
    await expect(item).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));

    // Send test event: delivered, signed.
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByTestId('webhook-test-result')).toHaveText('Delivered (HTTP 204)');
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.verifiedNow).toBe(true);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({ type: 'webhook.test' });

    // A real mail by SMTP reaches the receiver and shows in the deliveries.
    const lease = (await (
      await fetch(`${server.url}/api/generate`, { headers: { 'x-api-key': server.apiKey } })
    ).json()) as Lease;
    await sendMail(server.smtpPort, {
      to: lease.email,
      subject: 'e2e code',
      text: 'Your code is 730164.',
    });
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(JSON.parse(receiver.received[1]?.body ?? '')).toMatchObject({
      type: 'mail.received',
      data: { email: lease.email, code: '730164', subject: 'e2e code' },
    });
    await item.getByRole('button', { name: 'Recent deliveries' }).click();
    const deliveries = item.getByTestId('webhook-deliveries');
    await expect(deliveries).toContainText('mail.received');
    await expect(deliveries).toContainText('webhook.test');
    await expect(deliveries).toContainText('Waiting to be sent: 0');

    // A failing receiver: the test says why, the deliveries say when the next try is.
    receiver.replies = [{ kind: 'status', status: 503 }];
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(item.getByTestId('webhook-test-result')).toContainText('HTTP 503');
    await expect(deliveries).toContainText('next try');

    // The section with a webhook, its test result and its deliveries open: no axe violation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="webhooks-section"]')
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);

    // Delete, confirmed: gone here and on the server.
    await item.getByRole('button', { name: 'Delete' }).click();
    await item.getByRole('button', { name: 'Delete for good' }).click();
    await expect(item).toHaveCount(0);
    const left = await fetch(`${server.url}/api/webhooks`, {
      headers: { 'x-api-key': server.apiKey },
    });
    expect(JSON.stringify(await left.json())).not.toContain(receiver.url);
  });
});
