import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { accessibilityFindings } from './axe-scan';
import { layoutFindings } from './layout-probes';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_admin_panel', { AGENCY_ON_CALL_PHONE: '0800 111 222' });
}, 180_000);
afterAll(async () => env?.stop());

async function openTab(width: number, tab: string): Promise<Page> {
  const context = await env.signedInContext({ width, height: 900 });
  const page = await context.newPage();
  await page.goto(`${env.product.url}/admin`);
  await page.getByRole('tab', { name: tab }).click();
  return page;
}

/** Whether `tab` is shown whole inside its tab list's visible width (the list scrolls sideways inside itself). */
async function wholeInList(list: Locator, tab: Locator): Promise<boolean> {
  const [listBox, tabBox] = [await list.boundingBox(), await tab.boundingBox()];
  if (!listBox || !tabBox) return false;
  return tabBox.x >= listBox.x - 1 && tabBox.x + tabBox.width <= listBox.x + listBox.width + 1;
}

describe('Admin panel tabs in Chromium', () => {
  it('on a phone scroll sideways inside their rail with a cue on the side that has more, and keep the selected tab in view', async () => {
    const context = await env.signedInContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${env.product.url}/admin`);
    const list = page.getByRole('tablist', { name: 'Admin Panel' });
    const first = list.getByRole('tab', { name: 'User Management' });
    const last = list.getByRole('tab', { name: 'Settings' });
    const left = page.getByRole('button', { name: 'Scroll tabs left' });
    const right = page.getByRole('button', { name: 'Scroll tabs right' });
    await expect.poll(() => right.isEnabled()).toBe(true);
    expect(await left.isDisabled()).toBe(true);
    expect(await wholeInList(list, first)).toBe(true);
    expect(await wholeInList(list, last)).toBe(false);
    expect((await layoutFindings(page)).filter((finding) => finding.id === 'cut-tabs')).toEqual([]);

    // The chevron shows more; End and Home (WAI-ARIA tabs) select the last and first tab and bring them into view.
    await right.click();
    await expect.poll(() => left.isEnabled()).toBe(true);
    await first.focus();
    await page.keyboard.press('End');
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => wholeInList(list, last)).toBe(true);
    await expect.poll(() => right.isDisabled()).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => wholeInList(list, first)).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/admin-tabs-390.png` });

    // Opened on its last tab (the incidents screen links to ?tab=settings), the list starts scrolled to show it.
    await page.goto(`${env.product.url}/admin?tab=settings`);
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => wholeInList(list, last)).toBe(true);
    await context.close();

    // On the desktop the six tabs fit: no cue.
    const desktop = await openTab(1280, 'Security');
    const desktopList = desktop.getByRole('tablist', { name: 'Admin Panel' });
    expect(await wholeInList(desktopList, desktopList.getByRole('tab', { name: 'Settings' }))).toBe(true);
    expect(await desktop.getByRole('button', { name: 'Scroll tabs right' }).count()).toBe(0);
    await desktop.context().close();
  }, 120_000);
});

describe('Admin panel, Settings in Chromium', () => {
  it('saves the agency settings, shows who changed what, and the agency details take effect', async () => {
    const page = await openTab(1280, 'Settings');
    const reminders = page.getByRole('checkbox', { name: 'Appointment reminders' });
    await expect.poll(() => reminders.isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Training expiry emails' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Record retention').inputValue()).toBe('7');
    await reminders.uncheck();
    await page.getByLabel('Record retention').selectOption('10');
    await page.getByLabel('Log retention').selectOption('2');
    await page.getByLabel('Agency name').fill('Riverside Home Care');
    await page.getByLabel('On-call number').fill('07700 900123');
    await page.getByLabel('On-call email').fill('on-call@riverside.example');
    const critical = page.getByLabel('Escalate critical alerts after (minutes)');
    await expect.poll(() => critical.inputValue()).toBe('15');
    await expect.poll(() => page.getByLabel('Escalate high alerts after (minutes)').inputValue()).toBe('60');
    await critical.fill('0');
    await page.getByLabel('Safeguarding team', { exact: true }).fill('Leeds Adult Safeguarding');
    await page.getByLabel('Safeguarding team phone').fill('0113 222 4401');
    await page.getByLabel('Safeguarding team email').fill('not an email');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Valid email is required').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText('Escalate critical alerts after must be a whole number of minutes from 1 to 1,440').isVisible(),
      )
      .toBe(true);
    await critical.fill('20');
    await page.getByLabel('Safeguarding team email').fill('safeguarding@leeds.example');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
    const history = page.getByTestId('settings-history');
    await expect.poll(() => history.getByText('Appointment reminders: Off').isVisible()).toBe(true);
    await expect.poll(() => history.getByText('Record retention: 10 years').isVisible()).toBe(true);
    await expect.poll(() => history.getByText('Escalate critical alerts after: 20 minutes').isVisible()).toBe(true);
    await expect.poll(() => history.getByText('On-call email: on-call@riverside.example').isVisible()).toBe(true);

    // Kept after a reload, and read by everyone: the emergency screen's on-call number is the saved one.
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => page.getByLabel('Agency name').inputValue()).toBe('Riverside Home Care');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Appointment reminders' }).isChecked()).toBe(false);
    const details = await page.context().request.get(`${env.product.url}/api/settings/agency`);
    expect(await details.json()).toMatchObject({
      onCallPhone: '07700 900123',
      safeguardingTeam: { name: 'Leeds Adult Safeguarding', email: 'safeguarding@leeds.example' },
    });
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/admin-settings-1280.png`, fullPage: true });
    await page.context().close();

    const phone = await openTab(390, 'Settings');
    await expect.poll(() => phone.getByLabel('Agency name').inputValue()).toBe('Riverside Home Care');
    expect(await accessibilityFindings(phone)).toBe('');
    await phone.screenshot({ path: `${shots}/admin-settings-390.png`, fullPage: true });
    await phone.context().close();
  }, 120_000);
});

describe('Admin panel, System Status in Chromium', () => {
  it('lists every service process up with its version and uptime, shows a killed one down within 30 seconds, and offers the logs', async () => {
    const page = await openTab(1280, 'System Status');
    const rows = page.getByTestId('service-status-row');
    for (const service of ['command-api', 'read-api', 'projector', 'rules', 'ui-server']) {
      await expect
        .poll(() =>
          rows
            .and(page.locator(`[data-service="${service}"]`))
            .getByText('Up', { exact: true })
            .isVisible(),
        )
        .toBe(true);
    }
    await expect.poll(() => page.getByText('Events in the store').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('latency-table').getByRole('rowheader', { name: 'Read API' }).isVisible())
      .toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/admin-system-status-live-1280.png`, fullPage: true });

    // Download Logs answers one NDJSON file of the chosen range.
    const logs = await page.context().request.get(`${env.product.url}/api/status/logs`);
    expect(logs.status()).toBe(200);
    expect(logs.headers()['content-disposition']).toContain('attachment');

    // Kill the rules process outright (no goodbye): the screen shows it down within 30 seconds, by itself.
    const rules = rows.and(page.locator('[data-service="rules"]'));
    const pid = Number(await rules.getAttribute('data-pid'));
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => rules.getByText('Down', { exact: true }).isVisible(), { timeout: 45_000 }).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    await page.context().close();

    const phone = await openTab(390, 'System Status');
    await expect.poll(() => phone.getByTestId('service-status-row').first().isVisible()).toBe(true);
    expect(await accessibilityFindings(phone)).toBe('');
    await phone.screenshot({ path: `${shots}/admin-system-status-live-390.png`, fullPage: true });
    await phone.context().close();
  }, 120_000);
});

describe('Admin panel, Data Management in Chromium', () => {
  it('exports the data as one zip, shows the automated features with their last runs', async () => {
    const page = await openTab(1280, 'Data Management');
    await expect.poll(() => page.getByTestId('automated-features').getByText('Alert rules').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('automated-features').getByText('Mail sender').isVisible()).toBe(true);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    expect((await download).suggestedFilename()).toMatch(/^care-platform-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect.poll(() => page.getByText(/Export complete/).isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/admin-data-1280.png`, fullPage: true });
    await page.context().close();

    const phone = await openTab(390, 'Data Management');
    await expect.poll(() => phone.getByTestId('automated-features').isVisible()).toBe(true);
    expect(await accessibilityFindings(phone)).toBe('');
    await phone.screenshot({ path: `${shots}/admin-data-390.png`, fullPage: true });
    await phone.context().close();
  }, 120_000);

  it('imports carers from CSV (the template, a dry run that names every refused row, the import, and a second run that adds nobody) and shows the record retention review', async () => {
    const page = await openTab(1280, 'Data Management');
    // Beside it: the record retention review (nothing past 7 years in a new agency) and log retention among the automated features.
    await expect
      .poll(() => page.getByTestId('retention-review-empty').innerText())
      .toBe('No record is past its retention period.');
    await expect
      .poll(() => page.getByTestId('automated-features').getByText('Log retention', { exact: true }).isVisible())
      .toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.getByRole('button', { name: 'Import Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Data' });
    const template = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Template' }).click();
    const downloaded = await template;
    expect(downloaded.suggestedFilename()).toBe('carers-import-template.csv');
    const templateText = readFileSync((await downloaded.path())!, 'utf8');
    expect(templateText).toContain('employee_id,first_name,last_name,email,start_date');

    const file = (lines: string[]) => ({
      name: 'carers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n')),
    });
    const header = 'Employee ID,First Name,Last Name,Email,Start Date,Hourly Rate';
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(
        file([
          header,
          'EMP-E2E-1,Nia,Patel,nia@example.org,01/03/2024,12.50',
          'EMP-E2E-2,Owen,,owen@example,2024-03-01,12.50',
        ]),
      );
    await dialog.getByRole('button', { name: 'Dry Run' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText())
      .toContain('2 rows: 1 to create, 0 already there, 1 refused');
    const refused = dialog.getByTestId('import-rows').getByRole('row', { name: /EMP-E2E-2/ });
    await expect.poll(() => refused.innerText()).toContain('last_name: Last name is required');
    expect(await refused.innerText()).toContain('email: Valid email is required');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/admin-import-dry-run-1280.png` });

    // Fixed in the spreadsheet: the dry run is clean, then the import creates both; the same file again adds nobody.
    const fixed = file([
      header,
      'EMP-E2E-1,Nia,Patel,nia@example.org,01/03/2024,12.50',
      'EMP-E2E-2,Owen,Price,owen@example.org,2024-03-01,12.50',
    ]);
    await dialog.getByLabel('CSV file').setInputFiles(fixed);
    await dialog.getByRole('button', { name: 'Dry Run' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText())
      .toContain('2 rows: 2 to create, 0 already there, 0 refused');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.getByText('Import complete: 2 created, 0 already there.').isVisible()).toBe(true);
    const imported = async () =>
      (
        (await (await page.context().request.get(`${env.product.url}/api/carers?search=EMP-E2E`)).json()) as {
          employeeId: string;
        }[]
      )
        .map((carer) => carer.employeeId)
        .sort();
    await expect.poll(imported).toEqual(['EMP-E2E-1', 'EMP-E2E-2']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Import Data' }).click();
    await dialog.getByLabel('CSV file').setInputFiles(fixed);
    await dialog.getByRole('button', { name: 'Dry Run' }).click();
    await expect
      .poll(() => dialog.getByTestId('import-summary').innerText())
      .toContain('2 rows: 0 to create, 2 already there, 0 refused');
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await page.context().close();

    const phone = await openTab(390, 'Data Management');
    await phone.getByRole('button', { name: 'Import Data' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Import Data' });
    await phoneDialog.getByLabel('CSV file').setInputFiles(file([header, 'EMP-E2E-3,,Jones,x,2024-03-01,abc']));
    await phoneDialog.getByRole('button', { name: 'Dry Run' }).click();
    await expect
      .poll(() => phoneDialog.getByTestId('import-summary').innerText())
      .toContain('1 row: 0 to create, 0 already there, 1 refused');
    expect(await accessibilityFindings(phone)).toBe('');
    await phone.screenshot({ path: `${shots}/admin-import-dry-run-390.png` });
    await phone.context().close();
  }, 120_000);
});
