import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { clientStreamId } from '@care/events';
import { createPool, PostgresEventStore } from '@care/events/server';
import { accessibilityFindings } from './axe-scan';
import { sampleClient, startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * Two administrators destroy a client's records in Chromium: the first proposes it from the retention review on the
 * Data Management tab, the second approves it from Destruction of records, and the row then shows the certificate.
 * Each dialog passes axe, at 1280 px for the proposer and 390 px for the approver.
 */
let env: E2eEnvironment;
let first: BrowserContext;
let second: BrowserContext;
const REFERENCE = 'CL-7701';
const shots = '.test-results/screenshots';
const secondAdmin = { email: 'second.admin@example.org', password: 'Second-admin-pass-2026' };

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_destruction');
  first = await env.signedInContext({ width: 1280, height: 900 });
  const post = async (path: string, data: unknown) => {
    const reply = await first.request.fetch(`${env.product.url}${path}`, {
      method: 'POST',
      data,
      headers: { origin: env.product.url },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    return (await reply.json()) as { id: string };
  };
  await post('/api/users', { ...secondAdmin, firstName: 'Sam', lastName: 'Second', role: 'admin' });
  const { id } = await post('/api/clients', sampleClient(REFERENCE, 'Perpetua', 'Oldfield', '2 Gone Lane, Leeds'));
  // The client left the agency in 2014: appended as the past, as the demo loader does, so the retention period is over.
  const pool = createPool(env.product.databaseUrl);
  const store = await PostgresEventStore.connect(pool);
  try {
    const stream = await store.readStream(clientStreamId(id));
    const at = '2014-05-06T10:00:00.000Z';
    await store.append(
      clientStreamId(id),
      [
        {
          eventId: randomUUID(),
          type: 'ClientDeactivated',
          schemaVersion: 1,
          data: { id },
          metadata: { userId: randomUUID(), occurredAt: at, correlationId: randomUUID(), causationId: randomUUID() },
          recordedAt: at,
        },
      ],
      stream.at(-1)!.revision,
    );
  } finally {
    await store.close();
    await pool.end();
  }
  second = await env.signedInContext({ width: 390, height: 844 }, secondAdmin);
}, 180_000);
afterAll(async () => env?.stop());

async function dataTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/admin?tab=data`);
  return page;
}

describe('destruction of records in Chromium', () => {
  it('one administrator proposes it from the retention review, a second approves it, and the certificate shows', async () => {
    const page = await dataTab(first);
    const propose = page.getByRole('button', { name: `Propose destruction of Client ${REFERENCE}` });
    await expect.poll(() => propose.isVisible(), { timeout: 30_000 }).toBe(true);
    const review = page.getByRole('region', { name: 'Record retention review' });
    expect(await review.getByTestId('load-more').textContent()).toContain('Showing 1 of 1');
    await propose.click();
    const dialog = page.getByRole('dialog', { name: 'Propose destruction' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await dialog.getByLabel('Reason').fill('Left in 2014; retention period ended, no open complaint');
    await dialog.getByRole('button', { name: 'Propose' }).click();
    const proposals = page.getByTestId('destruction-proposals');
    await expect.poll(() => proposals.getByText('Waiting for a second administrator').isVisible()).toBe(true);
    // The list pages on the server and says how much of it is shown.
    const card = page.getByRole('region', { name: 'Destruction of records' });
    expect(await card.getByTestId('load-more').textContent()).toContain('Showing 1 of 1');
    await page.screenshot({ path: `${shots}/destruction-proposed-1280.png`, fullPage: true });

    const phone = await dataTab(second);
    const approve = phone.getByTestId('destruction-proposals').getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.isVisible(), { timeout: 30_000 }).toBe(true);
    await approve.click();
    const confirm = phone.getByRole('dialog', { name: 'Approve destruction' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await accessibilityFindings(phone)).toBe('');
    await confirm.getByRole('button', { name: 'Destroy records' }).click();
    await expect
      .poll(() =>
        phone
          .getByTestId('destruction-proposals')
          .getByText(/Destroyed .*events rewritten/)
          .isVisible(),
      )
      .toBe(true);
    expect(await accessibilityFindings(phone)).toBe('');
    await phone.screenshot({ path: `${shots}/destruction-destroyed-390.png`, fullPage: true });

    // The client has gone from the clients list once the read models are rebuilt without them.
    await expect
      .poll(
        async () => {
          const reply = await second.request.get(`${env.product.url}/api/clients?search=Oldfield`);
          return reply.status() === 200 ? ((await reply.json()) as unknown[]).length : -1;
        },
        { timeout: 60_000 },
      )
      .toBe(0);
  });
});
