import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import type { RunningProduct } from '../scripts/product';
import { startTestProduct } from '../scripts/test-product';
import { CHROMIUM_ARGS } from './chromium-args';
import { reportFailure, watchContext } from './failure-report';
import { browserEnvironment, shareTheShiftedClock } from './test-clock';

/** This file's product and browser, for the failure report below. */
let running: { browser: Browser; dataDir: string } | undefined;

// A failed test leaves what a person would look at: a screenshot of each open page, the requests still waiting,
// the page errors, and the end of each service's log (CI keeps only what is printed).
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && running)
    await reportFailure(context.task.name, running.browser, running.dataDir);
});

export interface E2eEnvironment {
  readonly product: RunningProduct;
  readonly browser: Browser;
  /** The first administrator (ADMIN_EMAIL / ADMIN_PASSWORD of this run). */
  readonly admin: { readonly email: string; readonly password: string };
  /** The product's data folder: its logs, and the mail it wrote as .eml files under mail/ (no SMTP in tests). */
  readonly dataDir: string;
  /** A browser context (en-GB, Europe/London) already signed in through POST /api/login. */
  signedInContext(
    viewport?: { width: number; height: number },
    credentials?: { email: string; password: string },
  ): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** The real product (all five services as processes, on a fresh database) and a real Chromium; `env` adds to the services' environment. */
export async function startE2eEnvironment(
  serverUrl: string,
  label: string,
  env?: Readonly<Record<string, string>>,
): Promise<E2eEnvironment> {
  const { product, admin, stop, dataDir } = await startTestProduct(serverUrl, label, env);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Playwright starts every launch on a fresh, empty --user-data-dir of its own.
    args: CHROMIUM_ARGS,
    env: browserEnvironment(),
  });
  shareTheShiftedClock(browser);
  running = { browser, dataDir };
  browser.on('disconnected', () => {
    if (running?.browser === browser) running = undefined;
  });
  return {
    product,
    browser,
    admin,
    dataDir,
    async signedInContext(viewport = { width: 1280, height: 900 }, credentials = admin) {
      const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
      watchContext(context);
      // The context's request client shares its cookie jar: the session cookie lands in the browser.
      const reply = await context.request.post(`${product.url}/api/login`, {
        data: credentials,
        headers: { origin: product.url },
      });
      if (reply.status() !== 200) throw new Error(`sign-in failed: ${reply.status()} ${await reply.text()}`);
      return context;
    },
    async stop() {
      await browser.close();
      await stop();
    },
  };
}

/** An ISO date ("2026-11-23") as a UK user types it into a date field ("23/11/2026"). */
export function ukDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** A wall-clock date-time ("2026-11-23T14:30") as a UK user types it ("23/11/2026 14:30"). */
export function ukDateTime(local: string): string {
  return `${ukDate(local)} ${local.slice(11, 16)}`;
}

/** The current minute, or minutes before or after it, as an ISO instant. */
export const minutesFromNow = (minutes: number): string =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString();

/** A client's registration as the tests send it: the name and address they care about, the rest plausible. */
export const sampleClient = (clientId: string, firstName: string, lastName: string, address: string) => ({
  clientId,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address,
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

/**
 * Waits until the installed app's service worker controls the page: from then on every part of the app loads
 * without signal (a part first needed offline, such as a dialog, comes from the worker).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // A function rather than a string: the app's Content Security Policy allows no eval in the page.
  type InPage = { navigator: { serviceWorker: { controller: unknown } } };
  await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null);
}
