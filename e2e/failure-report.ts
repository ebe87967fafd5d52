import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/** What each watched page asked for and has not had an answer to, and what went wrong in it. */
const watched = new WeakMap<Page, { pending: Map<Request, number>; errors: string[] }>();

/** Follows a context's pages from now on, so that a failure can say what each page was still waiting for. */
export function watchContext(context: BrowserContext): void {
  context.on('page', (page) => {
    const state = { pending: new Map<Request, number>(), errors: [] as string[] };
    watched.set(page, state);
    page.on('request', (request) => state.pending.set(request, Date.now()));
    page.on('requestfinished', (request) => state.pending.delete(request));
    page.on('requestfailed', (request) => {
      state.pending.delete(request);
      state.errors.push(
        `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
      );
    });
    page.on('response', (response) => {
      if (response.status() >= 500)
        state.errors.push(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    page.on('pageerror', (error) => state.errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') state.errors.push(`console error: ${message.text()}`);
    });
  });
}

const LOG_LINES = 15;

/** Prints, for a failed test, every open page (with a screenshot under .test-results/failures) and the services' last log lines. */
export async function reportFailure(testName: string, browser: Browser, dataDir: string): Promise<void> {
  const folder = '.test-results/failures';
  mkdirSync(folder, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const lines = [`--- failure report: ${testName}`];
  let n = 0;
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      n += 1;
      const shot = path.join(folder, `${slug}-${n}.png`);
      await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).catch(() => undefined);
      const title = await page.title().catch(() => '(no title)');
      const state = watched.get(page);
      lines.push(`page ${n}: ${page.url()} "${title}" (screenshot ${shot})`);
      for (const [request, since] of state?.pending ?? [])
        lines.push(`  waiting ${Date.now() - since} ms: ${request.method()} ${request.url()}`);
      for (const error of state?.errors.slice(-10) ?? []) lines.push(`  ${error}`);
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '');
      lines.push(`  text: ${text.replace(/\s+/g, ' ').slice(0, 2000)}`);
    }
  }
  const logDir = path.join(dataDir, 'logs');
  for (const file of existsSync(logDir) ? readdirSync(logDir) : []) {
    const log = readFileSync(path.join(logDir, file), 'utf8').trim().split('\n').slice(-LOG_LINES);
    lines.push(`log ${file} (last ${log.length} lines):`, ...log.map((line) => `  ${line.slice(0, 400)}`));
  }
  console.log(lines.join('\n'));
}
