import { expect, test } from './support/fixtures.ts';

test.describe('video diagnostics', () => {
  test.beforeEach(async ({ page, server, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(`${server.url}/#/video`);
  });

  test('a failed task copies its diagnostics for a bug report; a completed one offers none', async ({
    page,
    publish,
  }) => {
    const done = await publish({ title: 'Fine' });
    await page.getByTestId('share-text').fill(done.shareUrl);
    await page.getByTestId('grab').click();
    const completed = page.getByTestId('task-card').first();
    await expect(completed).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
    await expect(completed.getByTestId('copy-diagnostics')).toHaveCount(0);

    const gone = await publish({ missing: true });
    await page.getByTestId('share-text').fill(gone.shareUrl);
    const created = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/tasks',
    );
    await page.getByTestId('grab').click();
    const { task_id: token } = (await (await created).json()) as { task_id: string };
    const card = page.locator('[data-testid="task-card"][data-status="failed"]');
    await expect(card).toHaveCount(1, { timeout: 20_000 });
    const button = card.getByTestId('copy-diagnostics');
    await expect(button).toHaveText('Copy diagnostics');
    await expect(button).toHaveAttribute('title', /without cookies, tokens or page contents/);

    await page.evaluate(() => navigator.clipboard.writeText(''));
    await button.click();
    await expect(page.getByText('Diagnostics copied: paste them into a bug report.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Ephemera \d+\.\d+\.\d+\S* \(\w+ \w+\) · Douyin · failed\n/);
    expect(copied).toMatch(/\ntime: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n/);
    expect(copied).toContain('\nerror: unavailable: The post was deleted or is private.\n');
    expect(copied).toContain(
      '\nfailed in resolve at: (before any request) (PlatformError unavailable)\n',
    );
    const json = /```json\n([\s\S]*)\n```$/.exec(copied)?.[1] ?? '';
    const record = JSON.parse(json) as Record<string, unknown>;
    expect(record).toMatchObject({
      platform: 'douyin',
      status: 'failed',
      error_code: 'unavailable',
    });
    // The task id is the task's access token: a public report must not carry it.
    expect(token.length).toBeGreaterThan(10);
    expect(copied).not.toContain(token);
    expect(record).not.toHaveProperty('task_id');
  });
});
