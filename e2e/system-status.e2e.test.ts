import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projections } from '@care/projector';
import { enumLabel } from '../ui/src/shared/format';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_system_status');
}, 180_000);
afterAll(async () => env?.stop());

describe('Admin panel, System Status in Chromium', () => {
  it('shows every read model live, at its version, with how far behind the log it is', async () => {
    for (const width of [1280, 390]) {
      const context = await env.signedInContext({ width, height: 900 });
      const page = await context.newPage();
      await page.goto(`${env.product.url}/admin`);
      await page.getByRole('tab', { name: 'System Status' }).click();
      const rows = page.getByTestId('projection-status-row');
      await expect.poll(() => rows.count()).toBe(projections.length);
      for (const projection of projections) {
        const row = rows.filter({
          has: page.getByRole('rowheader', { name: enumLabel(projection.name), exact: true }),
        });
        await expect.poll(() => row.getByText('Live', { exact: true }).isVisible()).toBe(true);
        await expect.poll(() => row.getByText('Up to date', { exact: true }).isVisible()).toBe(true);
        await expect.poll(() => row.locator('td[data-label="Version"]').textContent()).toBe(String(projection.version));
      }
      await expect.poll(() => page.getByRole('button', { name: 'Refresh Status' }).isEnabled()).toBe(true);
      await page.screenshot({ path: `${shots}/admin-system-status-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});
