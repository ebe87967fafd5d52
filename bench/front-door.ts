import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '@care/events/server';
import { CHROMIUM_ARGS } from '../e2e/chromium-args';
import { startProduct, uiDistDir, type RunningProduct } from '../scripts/product';
import { keepAliveLoad, transferredBytes } from './http-load';
import { round } from './stats';

export interface FrontDoorFigures {
  /** gzip bytes (in kB of 1,000) of every JS and CSS file that /landing and then / fetch on a first visit. */
  uiFirstLoadGzipKb: number;
  /** The largest JS file of the build, minified, in kB: Vite warns above 500. */
  uiLargestChunkKb: number;
  proxyReadsPerSec: number;
  directReadsPerSec: number;
  /** proxyReadsPerSec / directReadsPerSec, measured in the same run. */
  proxyThroughputRatio: number;
}

const CONNECTIONS = 20;
const WARM_UP_MS = 1_500;
/** Short turns, taken in alternation: the two figures then share whatever else the machine is doing. */
const TURNS = 6;
const TURN_MS = 1_000;
/** A small authenticated read: who am I, the first call of every signed-in screen (a few hundred bytes). */
const SMALL_READ = '/api/auth/user';

/**
 * (g) The front door: the whole product as `npm start` runs it (four processes, the built UI), on an empty database.
 * First load: real Chromium opens /landing, then / signed in; every /assets JS and CSS URL it requests is fetched
 * again with `Accept-Encoding: gzip` and its bytes on the wire added up (each file once, as a browser cache would).
 * Proxy: the same small read with 20 keep-alive connections, straight to the read API and through the UI server, in
 * alternating one-second turns (six each).
 */
export async function measureFrontDoor(databaseUrl: string): Promise<FrontDoorFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-bench-front-door-'));
  const admin = { email: 'admin-bench@example.org', password: randomBytes(12).toString('base64url') };
  const readApiPort = await freePort();
  let product: RunningProduct | undefined;
  try {
    product = await startProduct({
      databaseUrl,
      dataDir,
      embeddedPostgresPort: 0,
      port: await freePort(),
      commandApiPort: await freePort(),
      readApiPort,
      seedDemoData: false,
      admin,
      logLevel: 'warn',
      say: () => undefined,
    });
    const uiUrl = product.url.replace('localhost', '127.0.0.1');
    const cookie = await signIn(uiUrl, admin);
    const firstLoad = await firstLoadGzipBytes(uiUrl, admin);
    // As a browser asks: the reply is below the 1 kB the UI server compresses from, so both carry the same bytes.
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const directUrl = `http://127.0.0.1:${readApiPort}${SMALL_READ}`;
    const proxiedUrl = `${uiUrl}${SMALL_READ}`;
    // Both warmed up before either is measured, so neither figure carries the other's JIT warm-up.
    await keepAliveLoad(directUrl, headers, CONNECTIONS, WARM_UP_MS);
    await keepAliveLoad(proxiedUrl, headers, CONNECTIONS, WARM_UP_MS);
    const direct = { requests: 0, seconds: 0 };
    const proxied = { requests: 0, seconds: 0 };
    for (let turn = 0; turn < TURNS; turn += 1) {
      for (const [url, total] of [
        [directUrl, direct],
        [proxiedUrl, proxied],
      ] as const) {
        const result = await keepAliveLoad(url, headers, CONNECTIONS, TURN_MS);
        total.requests += result.requests;
        total.seconds += result.requests / result.perSec;
      }
    }
    const directPerSec = direct.requests / direct.seconds;
    const proxiedPerSec = proxied.requests / proxied.seconds;
    return {
      uiFirstLoadGzipKb: round(firstLoad / 1000, 1),
      uiLargestChunkKb: round((await largestJsBytes(path.join(uiDistDir(), 'assets'))) / 1000, 1),
      proxyReadsPerSec: Math.round(proxiedPerSec),
      directReadsPerSec: Math.round(directPerSec),
      proxyThroughputRatio: round(proxiedPerSec / directPerSec, 2),
    };
  } finally {
    await product?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function signIn(uiUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${uiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: uiUrl },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('care.sid='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** The JS and CSS a first visit to /landing and then to the dashboard fetches, in gzip bytes as the server sends them. */
async function firstLoadGzipBytes(uiUrl: string, credentials: { email: string; password: string }): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    const page = await context.newPage();
    const assets = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(url.pathname)) assets.add(url.href);
    });
    await page.goto(`${uiUrl}/landing`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /login/i }).first().waitFor();
    const reply = await context.request.post(`${uiUrl}/api/login`, { data: credentials, headers: { origin: uiUrl } });
    if (reply.status() !== 200) throw new Error(`sign-in answered ${reply.status()}`);
    await page.goto(`${uiUrl}/`, { waitUntil: 'networkidle' });
    await page.getByText('Welcome back').waitFor();
    let total = 0;
    for (const url of assets) total += await transferredBytes(url, 'gzip');
    return total;
  } finally {
    await browser.close();
  }
}

async function largestJsBytes(assetsDir: string): Promise<number> {
  const names = (await readdir(assetsDir)).filter((name) => name.endsWith('.js'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(assetsDir, name))).size));
  return Math.max(...sizes);
}
