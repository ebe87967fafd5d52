import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday, periodContaining } from '@care/events';
import { pdfText } from '@care/documents/testing';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
let clockFile: string;
const shots = '.test-results/screenshots';
const today = londonToday();
const yesterday = addDays(today, -1);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
let annaId: string;
let benId: string;

async function post(request: APIRequestContext, pathname: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${pathname}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

// Yesterday's visits are typed in today: times entered by hand up to two days back.
process.env.MANUAL_TIME_MAX_HOURS_BACK = '48';

/**
 * Yesterday: Anna (north) 2 visits, one completed on time; Ben (south) 1 visit, completed 25 minutes late.
 * So 3 appointments, 2 completed (66.7%), 1 of them on time (50.0%).
 */
beforeAll(async () => {
  clockFile = path.join(await mkdtemp(path.join(tmpdir(), 'reports-clock-')), 'now');
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_reports', {
    REPORT_SCHEDULE_INTERVAL_MS: '1000',
    REPORT_CLOCK_FILE: clockFile,
  });
  admin = await env.signedInContext(DESKTOP);
  const carer = (firstName: string, lastName: string, employeeId: string, region: string) =>
    post(admin.request, '/api/carers', {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.org`,
      employeeId,
      startDate: '2024-03-01',
      region,
    });
  annaId = await carer('Anna', 'Adams', 'EMP-2101', 'north');
  benId = await carer('Ben', 'Brook', 'EMP-2102', 'south');
  const client = await post(admin.request, '/api/clients', {
    clientId: 'CL-2101',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  const visit = (carerId: string, time: string) =>
    post(admin.request, '/api/appointments', {
      clientId: client,
      carerId,
      scheduledStart: londonTimeToInstant(yesterday, time),
      durationMinutes: 60,
      visitType: 'personal_care',
      tasks: ['Wash', 'Lunch'],
    });
  const manual = { source: 'Manual', manualInputReason: 'No signal in the flats' };
  const complete = async (id: string, inAt: string, outAt: string, late: boolean) => {
    await post(admin.request, `/api/appointments/${id}/check-in`, {
      ...manual,
      checkedInAt: londonTimeToInstant(yesterday, inAt),
      ...(late && { lateReason: 'Bus was late' }),
    });
    await post(admin.request, `/api/appointments/${id}/check-out`, {
      ...manual,
      checkedOutAt: londonTimeToInstant(yesterday, outAt),
      tasksCompleted: ['Wash', 'Lunch'],
      medicationGiven: false,
      notes: 'All well',
    });
  };
  await complete(await visit(annaId, '09:00'), '09:05', '10:00', false);
  await visit(annaId, '13:00');
  await complete(await visit(benId, '11:00'), '11:25', '12:15', true);
}, 240_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${pathname}`);
  return page;
}
const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('Reports & Analytics in Chromium', () => {
  it('shows the five tabs with their figures, follows the filters and draws the charts', async () => {
    const page = await open(admin, '/reports');
    await expect.poll(() => page.getByRole('heading', { name: 'Reports & Analytics' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Overview',
      'Performance',
      'Compliance',
      'Quality',
      'Operational',
    ]);
    await expect.poll(() => figure(page, 'report-total')).toBe('3');
    expect(await figure(page, 'report-completion')).toBe('66.7%');
    expect(await figure(page, 'report-punctuality')).toBe('50.0%');
    // The trend chart is drawn (recharts' SVG with its bars).
    await expect
      .poll(() => page.getByTestId('report-trend-chart').locator('svg.recharts-surface').count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('report-trend-chart').locator('.recharts-bar-rectangle').count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/reports-overview-1280.png`, fullPage: true });

    await page.getByLabel('Region').selectOption('north');
    await expect.poll(() => figure(page, 'report-total')).toBe('2');
    expect(await figure(page, 'report-completion')).toBe('50.0%');
    expect(await figure(page, 'report-punctuality')).toBe('100.0%');
    await page.getByLabel('Region').selectOption('');
    await page.getByLabel('Carer', { exact: true }).selectOption(benId);
    await expect.poll(() => figure(page, 'report-total')).toBe('1');
    expect(await figure(page, 'report-punctuality')).toBe('0.0%');
    await page.getByLabel('Carer', { exact: true }).selectOption('');

    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect
      .poll(() => page.getByTestId('report-rankings').locator('tbody tr').allInnerTexts())
      .toEqual([expect.stringContaining('Ben Brook'), expect.stringContaining('Anna Adams')]);
    await expect
      .poll(() => page.getByTestId('report-rankings-chart').locator('svg.recharts-surface').count())
      .toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Compliance' }).click();
    await expect.poll(() => page.getByTestId('report-compliance').innerText()).toContain('Anna Adams');
    expect(await page.getByTestId('report-compliance').innerText()).toContain('Needs Attention');
    await page.getByRole('tab', { name: 'Quality' }).click();
    await expect.poll(() => page.getByTestId('report-quality').innerText()).toContain('Task completion');
    expect(await page.getByTestId('report-quality').innerText()).toContain('100.0%');
    expect(await page.getByTestId('report-quality').innerText()).toContain('No medication administrations recorded');
    await expect.poll(() => page.getByText('Care Diary Summary').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Operational' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Resource Utilisation' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Alert Summary' }).isVisible()).toBe(true);

    // A custom range with nothing in it: the tab's empty state, not zeros.
    await page.getByRole('tab', { name: 'Performance' }).click();
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(ukDate('2030-01-01'));
    await page.getByLabel('To', { exact: true }).fill(ukDate('2030-01-31'));
    await page.getByLabel('To', { exact: true }).press('Tab');
    await expect.poll(() => page.getByText('No performance data available').isVisible()).toBe(true);
    await page.close();
  });

  it('exports the Overview Summary as a PDF and Detailed Analytics as CSV after the real download, with the toasts', async () => {
    const page = await open(admin, '/reports');
    await expect.poll(() => figure(page, 'report-total')).toBe('3');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Overview Summary' }).click(),
    ]);
    await expect
      .poll(() => page.getByText('Overview Summary report has been generated and downloaded.').isVisible())
      .toBe(true);
    expect(pdf.suggestedFilename()).toMatch(/^overview-report-.*\.pdf$/);
    const text = await pdfText(await readFile((await pdf.path())!));
    expect(text).toContain('Overview Summary');
    expect(text).toContain('66.7% (2 completed ÷ 3 appointments)');
    expect(text).toContain('50.0% (1 on time ÷ 2 completed');

    await page.getByLabel('CSV (spreadsheet)').check();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Detailed Analytics' }).click(),
    ]);
    await expect
      .poll(() => page.getByText('Detailed Analytics report has been generated and downloaded.').isVisible())
      .toBe(true);
    const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Section,Figure,For,Value');
    expect(lines).toContain('Overview,Completion Rate (%),,66.7');
    expect(lines).toContain('Performance,Completion rate (%),Ben Brook,100');
    await page.close();
  });

  it('schedules a weekly report that the rules process generates when its clock passes the week, kept for download', async () => {
    const page = await open(admin, '/reports');
    await page.getByRole('button', { name: 'Schedule Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Report' });
    await dialog.getByLabel('Name').fill('Weekly overview for the board');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect
      .poll(() => page.getByTestId('report-schedules').innerText())
      .toContain('Weekly overview for the board');
    expect(await page.getByTestId('report-schedules').innerText()).toContain('No report generated yet.');
    expect(await page.getByTestId('report-schedules').innerText()).toMatch(/Scheduled by \S+/);

    // Force the clock past this week's due time: the rules process generates the report, the list shows it by push.
    const week = periodContaining('weekly', today);
    await writeFile(clockFile, new Date(Date.parse(week.dueAt) + 60_000).toISOString());
    const run = page.getByRole('button', { name: `${ukDate(week.from)} to ${ukDate(week.to)}` });
    await expect.poll(() => run.isVisible()).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), run.click()]);
    expect(file.suggestedFilename()).toBe(`overview-report-${week.from}-to-${week.to}.pdf`);
    expect(await pdfText(await readFile((await file.path())!))).toContain('Overview Summary');
    await page.screenshot({ path: `${shots}/reports-scheduled-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => page.getByTestId('report-schedules').innerText())
      .toContain('Paused: no report is generated');

    // Deleting asks first, naming the schedule: Cancel keeps it; confirmed, it leaves the list.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the schedule "Weekly overview for the board"?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await page.getByTestId('report-schedules').innerText()).toContain('Weekly overview for the board');
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete schedule' }).click();
    await expect.poll(() => page.getByText('Weekly overview for the board').count()).toBe(0);
    await page.close();
  });

  it('fits a phone at 390 px', async () => {
    const phone = await env.signedInContext(PHONE);
    const page = await open(phone, '/reports');
    await expect.poll(() => figure(page, 'report-total')).toBe('3');
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.screenshot({ path: `${shots}/reports-overview-390.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Compliance' }).click();
    await expect.poll(() => page.getByTestId('report-compliance').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/reports-compliance-390.png`, fullPage: true });
    await phone.close();
  });

  it('also offers Schedule Report on Care Monitoring', async () => {
    const page = await open(admin, '/monitoring');
    await page.getByRole('button', { name: 'Schedule Report' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Schedule Report' }).isVisible()).toBe(true);
    await page.close();
  });
});
