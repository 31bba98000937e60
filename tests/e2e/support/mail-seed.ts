import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import type { Lease } from '../../../src-shared/mail/schemas.ts';
import type { E2eServer } from './fixtures.ts';

/** Makes `count` mailboxes through the REST API (1 with GET /api/generate, more in one batch). */
export async function makeMailboxes(server: E2eServer, count: number): Promise<Lease[]> {
  const res = await fetch(
    count === 1 ? `${server.url}/api/generate` : `${server.url}/api/generate/batch?count=${count}`,
    { method: count === 1 ? 'GET' : 'POST', headers: { 'x-api-key': server.apiKey } },
  );
  if (!res.ok) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as Lease | Lease[];
  return Array.isArray(body) ? body : [body];
}

/** Delivers `count` numbered mails to `to` over SMTP, a few connections at a time. */
export async function seedMails(server: E2eServer, to: string, count: number): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: server.smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  try {
    const sends: Promise<unknown>[] = [];
    for (let n = 1; n <= count; n += 1) {
      sends.push(
        transport.sendMail({
          from: `"Sender ${n}" <sender${n}@shop.example>`,
          to,
          subject: `Order update #${n}`,
          text: `This is mail number ${n}.`,
        }),
      );
    }
    await Promise.all(sends);
  } finally {
    transport.close();
  }
}

/** The device already has the API key and these mailboxes (as if it had made them). */
export async function rememberMailboxes(
  page: Page,
  server: E2eServer,
  leases: Lease[],
): Promise<void> {
  await page.addInitScript(
    ([key, saved]) => {
      localStorage.setItem('ephemera.apiKey', key);
      if (!localStorage.getItem('ephemera.mailboxes')) {
        localStorage.setItem('ephemera.mailboxes', saved);
      }
    },
    [server.apiKey, JSON.stringify(leases)] as const,
  );
}

/**
 * A stand-in for a sender's image server: a loopback HTTP server that records every request, so
 * a spec can prove nothing was fetched before the person allowed it.
 */
export async function startCanary(): Promise<{
  url: string;
  hits: string[];
  close: () => Promise<void>;
}> {
  const hits: string[] = [];
  // A 1×1 transparent GIF.
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(gif);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * With the key already on this device, opens the mail screen, whose first visit makes a mailbox
 * and opens it, and waits until it is live; returns its address.
 */
export async function openNewMailbox(page: Page, server: E2eServer): Promise<string> {
  await page.addInitScript((key) => localStorage.setItem('ephemera.apiKey', key), server.apiKey);
  await page.goto(`${server.url}/#/mail`);
  const address = page.getByTestId('inbox-address');
  await expect(address).toHaveText(/@ephemera\.localhost$/);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  return (await address.textContent()) ?? '';
}
