import type { WebhookEvent } from '../../../../src-shared/api/webhooks.ts';
import type { Mail } from '../../../../src-shared/mail/schemas.ts';

/**
 * The `data` of a `mail.received` event, from the mail as stored and published (its subject
 * already cut to the listing length). The one place that decides what an event says about a
 * mail: a new field is added here.
 */
export function mailReceivedData(mail: Mail) {
  return {
    email: mail.email,
    id: mail.id,
    code: mail.code,
    link: mail.link,
    from: mail.from,
    subject: mail.subject,
    received_at: mail.received_at,
  };
}

export function mailReceivedEvent(mail: Mail, now: number): WebhookEvent {
  return {
    type: 'mail.received',
    timestamp: new Date(now).toISOString(),
    data: mailReceivedData(mail),
  };
}

export function testEvent(webhookId: number, now: number): WebhookEvent {
  return {
    type: 'webhook.test',
    timestamp: new Date(now).toISOString(),
    data: { webhook_id: webhookId },
  };
}
