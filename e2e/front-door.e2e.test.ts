import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uiDistDir } from '../scripts/product';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let context: BrowserContext;
/** Vite's build manifest: source module → the chunk it was built into. */
let manifest: Record<string, { file: string }>;

const chunkOf = (source: string): string => {
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not a chunk of the build`);
  return `/${entry.file}`;
};

const isAsset = (pathname: string) => pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(pathname);

/** Every /assets JS and CSS path the page requests from now on, and the Content-Encoding of each reply. */
function watchAssets(page: Page) {
  const requested = new Set<string>();
  const replies: Promise<{ file: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (isAsset(pathname)) requested.add(pathname);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!isAsset(pathname)) return;
    replies.push(
      response
        .body()
        .then((body) => ({ file: pathname, encoding: response.headers()['content-encoding'], bytes: body.length })),
    );
  });
  return { requested, replies: () => Promise.all(replies) };
}

/**
 * Every Content-Security-Policy violation on the page from now on. Zod must be told `jitless` before it builds its
 * first object schema, or its eval probe is reported (src/shared/zod-config.ts): chunking can change what runs first.
 */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('csp-violation')) violations.push(message.text());
  });
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => console.error('csp-violation', event.violatedDirective, event.sourceFile));",
  );
  return violations;
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_front_door');
  manifest = JSON.parse(await readFile(path.join(uiDistDir(), '.vite/manifest.json'), 'utf8')) as typeof manifest;
  context = await env.signedInContext();
});

afterAll(async () => {
  await context?.close();
  await env?.stop();
});

describe('the first load', () => {
  it("fetches a screen's code only when the screen is opened, and every file compressed", async () => {
    const page = await context.newPage();
    const { requested: assets, replies } = watchAssets(page);
    const cspViolations = await watchCspViolations(page);
    await page.goto(`${env.product.url}/landing`);
    await page.getByRole('button', { name: 'Administrator Login' }).waitFor();
    await page.goto(`${env.product.url}/`);
    await page.getByText('Welcome back').waitFor();
    await page.waitForLoadState('networkidle');

    const monitoring = chunkOf('src/features/monitoring/monitoring-page.tsx');
    // The visits screen is the one that draws charts: its chunk carries recharts.
    const visits = chunkOf('src/features/visits/visits-page.tsx');
    expect(assets.has(chunkOf('src/features/dashboard/dashboard-page.tsx'))).toBe(true);
    expect(assets.has(monitoring)).toBe(false);
    expect(assets.has(visits)).toBe(false);
    expect(assets.has(chunkOf('src/features/admin/admin-page.tsx'))).toBe(false);
    // Chromium accepts brotli; only files too small to be worth compressing (under 512 bytes) come as they are.
    for (const { file, encoding, bytes } of await replies()) {
      expect({ file, encoding }).toEqual({ file, encoding: bytes < 512 ? undefined : 'br' });
    }

    await page.getByRole('link', { name: 'Visits', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Visit Tracking' }).waitFor();
    expect(assets.has(visits)).toBe(true);
    expect(assets.has(monitoring)).toBe(false);

    await page.goto(`${env.product.url}/monitoring`);
    await page.getByRole('heading', { name: 'Care Monitoring & Management' }).waitFor();
    expect(assets.has(monitoring)).toBe(true);
    expect(cspViolations).toEqual([]);
    await page.close();
  });

  it("opens the dashboard's dialogs, whose code arrives on the first opening", async () => {
    const page = await context.newPage();
    await page.goto(`${env.product.url}/`);
    await page.getByText('Welcome back').waitFor();

    await page.getByRole('button', { name: 'Accessibility' }).click();
    const accessibility = page.getByRole('dialog', { name: 'Accessibility Settings' });
    await accessibility.waitFor();
    await accessibility.getByRole('button', { name: 'Done' }).click();
    await accessibility.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it, as Radix does for a dialog loaded with the page.
    expect(
      await page.getByRole('button', { name: 'Accessibility' }).evaluate((button) => button.matches(':focus')),
    ).toBe(true);

    // Recent Appointments' own action (the dashboard's Quick Actions has a second one).
    await page
      .getByRole('region', { name: 'Recent Appointments' })
      .getByRole('button', { name: 'Schedule Appointment' })
      .click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Appointment' });
    await schedule.waitFor();
    await page.keyboard.press('Escape');
    await schedule.waitFor({ state: 'detached' });

    // Quick Actions' Add New Client opens the Add Client form on the dashboard itself.
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const addClient = page.getByRole('dialog', { name: 'Add Client' });
    await addClient.waitFor();
    expect(await addClient.getByLabel('First name').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await addClient.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${env.product.url}/`);
    await page.close();
  });
});
