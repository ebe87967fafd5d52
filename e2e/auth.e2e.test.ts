import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_auth');
}, 180_000);
afterAll(async () => env?.stop());

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();

async function anonymousPage(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({
    viewport: { width, height },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  return { context, page: await context.newPage() };
}

async function signInThroughLanding(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Administrator Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('signing in and out in Chromium', () => {
  it('sends a visitor to /landing, signs in, survives a reload, signs out, and is sent back from /carers', async () => {
    const { context, page } = await anonymousPage();
    await page.goto(`${env.product.url}/carers`);
    await expect.poll(() => toast(page, 'You are logged out. Logging in again...').isVisible()).toBe(true);
    await page.waitForURL(`${env.product.url}/landing`);
    await expect.poll(() => page.getByText('RESTRICTED ACCESS - Administrative Personnel Only').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/landing-1280.png`, fullPage: true });

    await signInThroughLanding(page, env.admin.email, 'not the password at all');
    await expect
      .poll(() => toast(page, 'Invalid admin credentials. Contact system administrator.').isVisible())
      .toBe(true);
    expect(page.url()).toBe(`${env.product.url}/landing`);

    await page.getByLabel('Password', { exact: true }).fill(env.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => toast(page, 'Login Successful').isVisible()).toBe(true);
    await page.waitForURL(`${env.product.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Site' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Site Administrator').first().isVisible()).toBe(true);

    expect((await context.cookies()).find((cookie) => cookie.name === 'care.sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Site' }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${env.product.url}/`);

    // A GET of /api/logout (a link or an image on any site) signs no one out.
    expect((await context.request.get(`${env.product.url}/api/logout`)).status()).toBe(404);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome back, Site' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL(`${env.product.url}/landing`);
    await page.goto(`${env.product.url}/carers`);
    await expect.poll(() => toast(page, 'Unauthorised').isVisible()).toBe(true);
    await page.waitForURL(`${env.product.url}/landing`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'care.sid')).toBeUndefined();
    await context.close();
  });

  it('lets an administrator add a user who then signs in on a phone with the role they were given', async () => {
    const admin = await (await env.signedInContext()).newPage();
    await admin.goto(`${env.product.url}/admin`);
    await admin.getByRole('button', { name: 'Add User' }).click();
    await admin.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => admin.getByText('First name is required', { exact: true }).isVisible()).toBe(true);
    await admin.getByLabel('First name').fill('Priya');
    await admin.getByLabel('Last name').fill('Shah');
    await admin.getByLabel('Email', { exact: true }).fill('priya.shah@example.org');
    await admin.getByLabel('Role', { exact: true }).selectOption('coordinator');
    await admin.getByLabel('First password').fill('a long first password');
    await admin.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => toast(admin, 'User created successfully').isVisible()).toBe(true);
    const row = admin.getByTestId('user-row').and(admin.locator('[data-email="priya.shah@example.org"]'));
    await expect.poll(() => row.getByText('Active').isVisible()).toBe(true);
    await admin.screenshot({ path: `${shots}/admin-users-1280.png`, fullPage: true });

    const { context, page: phone } = await anonymousPage(390, 844);
    await phone.goto(`${env.product.url}/landing`);
    await signInThroughLanding(phone, 'priya.shah@example.org', 'a long first password');
    await phone.waitForURL(`${env.product.url}/`);
    await expect.poll(() => phone.getByRole('heading', { name: 'Welcome back, Priya' }).isVisible()).toBe(true);
    await phone.screenshot({ path: `${shots}/dashboard-coordinator-390.png`, fullPage: true });
    // A coordinator has no admin panel: not in the menu, and refused when typed in.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => phone.getByRole('link', { name: 'Carers' }).first().isVisible()).toBe(true);
    expect(await phone.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await phone.goto(`${env.product.url}/admin`);
    await expect.poll(() => phone.getByTestId('admin-access-denied').isVisible()).toBe(true);
    expect(await phone.getByTestId('users-table').count()).toBe(0);

    // Deactivating her ends her session: her next request is unauthorised and she is sent to sign in.
    await admin.getByRole('button', { name: 'Deactivate Priya Shah' }).click();
    // Asked first, naming the account, with Cancel focused.
    const confirm = admin.getByRole('alertdialog', { name: 'Deactivate Priya Shah?' });
    await expect
      .poll(() =>
        confirm
          .getByRole('button', { name: 'Cancel' })
          .evaluate(
            (button) =>
              button === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
          ),
      )
      .toBe(true);
    await confirm.getByRole('button', { name: 'Deactivate account' }).click();
    await expect.poll(() => row.getByText('Inactive').isVisible()).toBe(true);
    await phone.goto(`${env.product.url}/carers`);
    await phone.waitForURL(`${env.product.url}/landing`);
    await signInThroughLanding(phone, 'priya.shah@example.org', 'a long first password');
    await expect.poll(() => toast(phone, 'Access Denied').isVisible()).toBe(true);

    await admin.getByRole('tab', { name: 'Security' }).click();
    // Signed in, signed out (deactivated), sign-in refused (deactivated): the log is read again until all three show.
    await expect
      .poll(async () => {
        await admin.getByRole('button', { name: 'Refresh' }).click();
        return admin.getByTestId('access-log-row').filter({ hasText: 'priya.shah@example.org' }).count();
      })
      .toBeGreaterThanOrEqual(3);
    await admin.screenshot({ path: `${shots}/admin-security-1280.png`, fullPage: true });
    await context.close();
  });

  it('records a self-service reset request for the admin, who issues a link that the user opens to set a new password', async () => {
    const email = 'omar.haddad@example.org';
    const admin = await env.signedInContext();
    const created = await admin.request.post(`${env.product.url}/api/users`, {
      data: { email, firstName: 'Omar', lastName: 'Haddad', role: 'carer', password: 'the first password' },
      headers: { origin: env.product.url },
    });
    expect(created.status()).toBe(201);

    const { context, page } = await anonymousPage(390, 844);
    await page.goto(`${env.product.url}/landing`);
    await page.getByRole('button', { name: 'Request new password' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => toast(page, 'Password reset requested').isVisible()).toBe(true);

    const adminPage = await admin.newPage();
    await adminPage.goto(`${env.product.url}/admin`);
    await adminPage.getByRole('tab', { name: 'Security' }).click();
    const requested = adminPage
      .getByTestId('access-log-row')
      .filter({ hasText: email })
      .filter({ hasText: 'Password reset requested' });
    await expect
      .poll(async () => {
        await adminPage.getByRole('button', { name: 'Refresh' }).click();
        return requested.count();
      })
      .toBe(1);

    await admin.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.product.url });
    await adminPage.getByRole('tab', { name: 'User Management' }).click();
    await adminPage.getByRole('button', { name: 'Reset password for Omar Haddad' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Password reset link' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const link = await dialog.getByLabel('Password reset link').inputValue();
    // Built on PUBLIC_URL (here the product's own address, as npm start gives it).
    expect(link.slice(0, link.indexOf('?'))).toBe(`${env.product.publicUrl}/landing`);
    expect(new URL(link).searchParams.get('reset')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => dialog.getByText('valid 60 minutes', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => dialog.getByText('Copied.').isVisible()).toBe(true);
    expect(await adminPage.evaluate('navigator.clipboard.readText()')).toBe(link);
    await adminPage.screenshot({ path: `${shots}/admin-reset-link-1280.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto(link);
    await page.getByLabel('New password').fill('a much better password');
    await page.getByLabel('Confirm password').fill('a much better password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => toast(page, 'Password changed').isVisible()).toBe(true);
    // The token has left the address bar, and the login form is open.
    expect(page.url()).toBe(`${env.product.url}/landing`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a much better password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${env.product.url}/`);
    await context.close();
    await admin.close();
  }, 60_000);
});
