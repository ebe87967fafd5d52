// Throwaway (not committed): screenshots of the demo product.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support';
const url = process.env.URL ?? 'http://localhost:3300';
const admin = JSON.parse(readFileSync('/tmp/dash-demo-data/demo-admin.json', 'utf8')) as { email: string; password: string };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const [who, width, height] of [[admin.email, 1280, 900], [admin.email, 390, 844], ['carer@demo.example', 390, 844]] as const) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB', timezoneId: 'Europe/London' });
  const reply = await context.request.post(`${url}/api/login`, { data: { email: who, password: admin.password }, headers: { origin: url } });
  if (reply.status() !== 200) throw new Error(`${reply.status()}`);
  const page = await context.newPage();
  const tag = `${who.split('@')[0]}-${width}`;
  for (const path of ['/', '/alerts', '/tasks?open=true']) {
    await page.goto(`${url}${path}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/dash-shots/${tag}${path.replace(/[/?=]/g, '_')}.png`, fullPage: path === '/' });
  }
  await page.goto(`${url}/`);
  await page.waitForTimeout(2000);
  await page.getByTestId('alert-bell').click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/dash-shots/${tag}-bell.png` });
  await context.close();
}
await browser.close();
