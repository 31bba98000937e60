import { expect, type Page } from '@playwright/test';
import type { TaskCreated } from '../../../src-shared/video/schemas.ts';
import { sendMail } from '../../helpers/smtp-client.ts';
import type { E2eServer } from './fixtures.ts';
import { makeMailboxes, seedMails } from './mail-seed.ts';

/**
 * The state the whole-UI specs (a11y, screenshots) show every screen in: one completed and one
 * failed video task, and a mailbox holding a sign-in code mail and an HTML newsletter.
 */
export interface ScreenSeed {
  /** What the video screen keeps in localStorage (`ephemera.tasks`): the POST answer as made. */
  tasks: { id: string; created: TaskCreated; text: string }[];
  mailboxes: unknown[];
  email: string;
}

async function createTask(server: E2eServer, text: string): Promise<TaskCreated> {
  const res = await fetch(`${server.url}/api/tasks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (res.status !== 202) throw new Error(`POST /api/tasks answered ${res.status}`);
  return (await res.json()) as TaskCreated;
}

async function waitForStatus(server: E2eServer, id: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${server.url}/api/tasks/${id}`);
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 20_000 },
    )
    .toBe(status);
}

async function publish(server: E2eServer, body: object): Promise<string> {
  const res = await fetch(`${server.control}/publish`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { shareUrl: string }).shareUrl;
}

// The mailbox is seeded once per server and size of inbox; every test of a worker reuses it.
const mailSeeds = new Map<string, Promise<Omit<ScreenSeed, 'tasks'>>>();
// A completed video is served for 180 s, and a worker's tests can take longer than that on a
// loaded machine: the tasks are made again once they are this old.
const TASKS_MAX_AGE_MS = 90_000;
const taskSeeds = new Map<string, { madeAt: number; tasks: Promise<ScreenSeed['tasks']> }>();

/** Seeds what is missing or stale; `extraMails` numbered mails make the inbox look lived-in. */
export async function seedScreens(server: E2eServer, extraMails = 0): Promise<ScreenSeed> {
  let tasks = taskSeeds.get(server.url);
  if (!tasks || Date.now() - tasks.madeAt > TASKS_MAX_AGE_MS) {
    tasks = { madeAt: Date.now(), tasks: makeTasks(server) };
    taskSeeds.set(server.url, tasks);
  }
  const id = `${server.url} ${extraMails}`;
  let mail = mailSeeds.get(id);
  if (!mail) {
    mail = makeMail(server, extraMails);
    mailSeeds.set(id, mail);
  }
  return { tasks: await tasks.tasks, ...(await mail) };
}

async function makeTasks(server: E2eServer): Promise<ScreenSeed['tasks']> {
  const doneText = await publish(server, { title: 'Harbour at dusk' });
  const failedText = await publish(server, { missing: true });
  const done = await createTask(server, doneText);
  const failed = await createTask(server, failedText);
  await waitForStatus(server, done.task_id, 'completed');
  await waitForStatus(server, failed.task_id, 'failed');
  // Newest first, as the screen lists them.
  return [
    { id: failed.task_id, created: failed, text: failedText },
    { id: done.task_id, created: done, text: doneText },
  ];
}

async function makeMail(server: E2eServer, extraMails: number): Promise<Omit<ScreenSeed, 'tasks'>> {
  const [lease] = await makeMailboxes(server, 1);
  if (!lease) throw new Error('no mailbox');
  if (extraMails > 0) await seedMails(server, lease.email, extraMails);
  await sendMail(server.smtpPort, {
    from: '"Shop" <hello@shop.example>',
    to: lease.email,
    subject: 'Sign-in code',
    text: 'Your code is 730164.',
  });
  await sendMail(server.smtpPort, {
    from: '"Newsletter" <news@shop.example>',
    to: lease.email,
    subject: 'November news',
    text: 'Plain version of the news.',
    html: '<h1>November</h1><p>Everything <b>new</b> this month.</p>',
  });
  return { mailboxes: [lease], email: lease.email };
}

/**
 * This device's state before the page loads: theme and language, the seeded mailboxes, and the
 * API key unless `withKey` is false (then the first mail or settings call asks for it).
 */
export async function rememberDevice(
  page: Page,
  server: E2eServer,
  seed: ScreenSeed,
  prefs: { theme: string; lang: string },
  withKey = true,
): Promise<void> {
  await page.addInitScript(
    ([key, saved, mailboxes]) => {
      // The context's pages share one localStorage: a page without the key removes it.
      if (key) localStorage.setItem('ephemera.apiKey', key);
      else localStorage.removeItem('ephemera.apiKey');
      localStorage.setItem('ephemera.prefs', saved);
      localStorage.setItem('ephemera.mailboxes', mailboxes);
    },
    [
      withKey ? server.apiKey : '',
      JSON.stringify({ state: prefs, version: 0 }),
      JSON.stringify(seed.mailboxes),
    ] as const,
  );
}

/** This device holds the API key and speaks `lang` (light theme), with nothing else stored. */
export async function rememberKeyAndLang(
  page: Page,
  server: E2eServer,
  lang: 'en' | 'zh-CN',
): Promise<void> {
  await page.addInitScript(
    ([key, prefs]) => {
      localStorage.setItem('ephemera.apiKey', key);
      localStorage.setItem('ephemera.prefs', prefs);
    },
    [server.apiKey, JSON.stringify({ state: { theme: 'light', lang }, version: 0 })] as const,
  );
}

/** The three sizes every screen is tried at: laptop, desktop, phone. */
export const THREE_SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;
