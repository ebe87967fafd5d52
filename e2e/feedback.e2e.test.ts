import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';
const carer = { email: 'grace.roberts@example.org', password: 'feedback-e2e-password' };

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_feedback');
  // A carer account, made by the administrator through the API like any other.
  const admin = await env.signedInContext();
  const created = await admin.request.post(`${env.product.url}/api/users`, {
    data: { ...carer, firstName: 'Grace', lastName: 'Roberts', role: 'carer' },
    headers: { origin: env.product.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();
}, 180_000);
afterAll(async () => env?.stop());

async function openPage(
  path: string,
  options: { width?: number; height?: number; as?: typeof carer } = {},
): Promise<Page> {
  const context = await env.signedInContext(
    { width: options.width ?? 1280, height: options.height ?? 900 },
    options.as,
  );
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();

async function expectToast(page: Page, title: string, description: string) {
  await expect.poll(() => toast(page, title).isVisible()).toBe(true);
  await expect.poll(() => toast(page, description).isVisible()).toBe(true);
}

/** Every feedback POST the page sends, with its JSON body. */
function recordPosts(page: Page): Record<string, unknown>[] {
  const posts: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedback') {
      posts.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return posts;
}

const SUBMITTED = ['Feedback Submitted', "Thank you for your feedback! We'll review it shortly."] as const;

/** The desktop header's Feedback button, and one of its popover's three choices picked (the popover then closes). */
const feedbackButton = (page: Page) => page.locator('.topbar').getByRole('button', { name: 'Feedback', exact: true });
async function chooseInHeader(page: Page, choice: string) {
  await feedbackButton(page).click();
  const popover = page.getByRole('dialog', { name: 'Feedback on this page' });
  await expect.poll(() => popover.isVisible()).toBe(true);
  await popover.getByRole('button', { name: choice }).click();
  await expect.poll(() => popover.count()).toBe(0);
}

/** Whether the point shows the screen itself (or the empty space below it): no control floats over the page there. */
const showsThePage = (page: Page, x: number, y: number) =>
  page.evaluate(
    `(() => { const hit = document.elementFromPoint(${x}, ${y}); return hit !== null && (hit.closest('main') !== null || hit.closest('button, a, [role=group]') === null); })()`,
  );

describe("The header's Feedback button and admin feedback list in Chromium", () => {
  it('sends quick feedback and the "Share Your Feedback" dialog, refusing a blank message and keeping the dialog on failure', async () => {
    // Before anything is sent, the administrator's list is empty.
    const admin = await openPage('/admin');
    await admin.getByRole('tab', { name: 'Feedback' }).click();
    await expect.poll(() => admin.getByText('No feedback yet.', { exact: true }).isVisible()).toBe(true);
    await admin.context().close();

    const page = await openPage('/', { as: carer });
    const posts = recordPosts(page);
    await expect.poll(() => feedbackButton(page).isVisible()).toBe(true);
    // It is in the header: the bottom right corner, where a floating widget used to sit, shows the page.
    await expect.poll(() => page.getByText('Welcome back, Grace Roberts').isVisible()).toBe(true);
    expect(await showsThePage(page, 1280 - 60, 900 - 40)).toBe(true);
    await feedbackButton(page).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Feedback on this page' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/feedback-menu-1280.png` });
    await page.keyboard.press('Escape');

    // Quick choices: sent at once, with preset messages and the current path.
    await chooseInHeader(page, 'This page works well');
    await expectToast(page, ...SUBMITTED);
    await chooseInHeader(page, 'I have a suggestion');
    await expect.poll(() => posts.length).toBe(2);
    expect(posts).toEqual([
      { type: 'positive', category: 'general', message: 'Quick feedback: this page works well.', rating: 5, page: '/' },
      {
        type: 'suggestion',
        category: 'general',
        message: 'Quick feedback: I have a suggestion for this page.',
        rating: null,
        page: '/',
      },
    ]);

    // The dialog and its defaults.
    await chooseInHeader(page, 'Share your feedback');
    const dialog = page.getByRole('dialog', { name: 'Share Your Feedback' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('suggestion');
    expect(await dialog.getByLabel('Category').inputValue()).toBe('general');
    expect(await dialog.getByLabel('Category').locator('option').allTextContents()).toEqual([
      'General',
      'Scheduling',
      'Care plans',
      'Finance',
      'Medications',
      'Incidents',
      'Diary',
      'Navigation',
      'Performance',
    ]);
    expect(await dialog.getByLabel('Message').getAttribute('rows')).toBe('4');
    expect(await dialog.getByRole('radio').count()).toBe(0);

    // A blank (whitespace-only) message is refused in the browser: a toast, nothing sent.
    await dialog.getByLabel('Message').fill('   ');
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expectToast(page, 'Message Required', 'Please enter your feedback message.');
    expect(posts).toHaveLength(2);
    expect(await dialog.isVisible()).toBe(true);

    // The rating is offered only for positive feedback, 5 by default.
    await dialog.getByLabel('Type').selectOption('positive');
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(5);
    expect(await dialog.getByRole('radio', { name: 'Rating 5' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Rating 3' }).check({ force: true });
    expect(await dialog.getByRole('radio', { name: 'Rating 3' }).isChecked()).toBe(true);
    await dialog.getByLabel('Type').selectOption('bug');
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(0);
    await dialog.getByLabel('Type').selectOption('positive');
    await dialog.getByRole('radio', { name: 'Rating 4' }).check({ force: true });
    await dialog.getByLabel('Category').selectOption('care-plans');
    await dialog.getByLabel('Message').fill('Care plans are clear and quick to update.');
    await page.screenshot({ path: `${shots}/feedback-dialog-1280.png` });

    // The server is unreachable: the failure toast, and the dialog stays open with what was typed.
    await page.route('**/api/feedback', (route) => route.fulfill({ status: 503, body: '' }));
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expectToast(page, 'Submission Failed', 'Unable to submit feedback. Please try again.');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Care plans are clear and quick to update.');
    await page.unroute('**/api/feedback');

    // Sent: the success toast, the dialog closes, and the next opening starts from the defaults.
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expectToast(page, ...SUBMITTED);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(posts.at(-1)).toEqual({
      type: 'positive',
      category: 'care-plans',
      message: 'Care plans are clear and quick to update.',
      rating: 4,
      page: '/',
    });
    await chooseInHeader(page, 'Share your feedback');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Type').inputValue()).toBe('suggestion');
    expect(await dialog.getByLabel('Category').inputValue()).toBe('general');
    expect(await dialog.getByLabel('Message').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // A keyboard user carries on from the header's button.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent ?? ""')).toBe('Feedback');
    await page.context().close();
  }, 120_000);

  it('lists the feedback for the administrator, who sets its status and admin notes', async () => {
    const page = await openPage('/admin');
    await page.getByRole('tab', { name: 'Feedback' }).click();
    const rows = page.getByTestId('feedback-row');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest first: the dialog's positive feedback, then the two quick ones.
    const newest = rows.first();
    expect(await newest.textContent()).toContain('Grace Roberts');
    expect(await newest.textContent()).toContain('Care plans are clear and quick to update.');
    expect(await newest.textContent()).toContain('Care plans');
    expect(await newest.getByRole('img', { name: 'Rating 4 of 5' }).isVisible()).toBe(true);
    expect(await newest.textContent()).toContain('Page: /');
    expect(await rows.nth(1).textContent()).toContain('Quick feedback: I have a suggestion for this page.');
    expect(await rows.nth(2).textContent()).toContain('Quick feedback: this page works well.');
    await page.screenshot({ path: `${shots}/feedback-admin-1280.png`, fullPage: true });

    // The status saves as soon as it is chosen.
    const status = newest.getByRole('combobox', { name: /^Status of feedback from Grace Roberts/ });
    await status.selectOption('in_review');
    await expect.poll(() => toast(page, 'Feedback updated').isVisible()).toBe(true);

    // Admin notes: edit, then Save.
    const notes = newest.getByRole('textbox', { name: /^Admin notes on feedback from Grace Roberts/ });
    await notes.fill('Shared with the care-planning team.');
    await newest.getByRole('button', { name: /^Save notes on feedback from Grace Roberts/ }).click();
    await expect.poll(() => toast(page, 'Feedback updated').isVisible()).toBe(true);
    await expect.poll(() => newest.getByRole('button', { name: /^Save/ }).isDisabled()).toBe(true);

    // A failed save says so.
    await page.route('**/api/feedback/*', (route) => route.fulfill({ status: 503, body: '' }));
    await rows
      .nth(2)
      .getByRole('combobox', { name: /^Status of/ })
      .selectOption('closed');
    await expect.poll(() => toast(page, 'Failed to update feedback').isVisible()).toBe(true);
    expect(await toast(page, 'Error').isVisible()).toBe(true);
    await page.unroute('**/api/feedback/*');
    await expect
      .poll(() =>
        rows
          .nth(2)
          .getByRole('combobox', { name: /^Status of/ })
          .inputValue(),
      )
      .toBe('open');

    // Both changes were kept by the server: a fresh load shows them, and the status filter finds the row.
    await page.reload();
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(
      await rows
        .first()
        .getByRole('combobox', { name: /^Status of/ })
        .inputValue(),
    ).toBe('in_review');
    expect(
      await rows
        .first()
        .getByRole('textbox', { name: /^Admin notes/ })
        .inputValue(),
    ).toBe('Shared with the care-planning team.');
    await page.getByLabel('Status', { exact: true }).selectOption('in_review');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Care plans are clear and quick to update.');
    await page.getByLabel('Status', { exact: true }).selectOption('resolved');
    await expect.poll(() => page.getByText('No feedback with status Resolved.').isVisible()).toBe(true);
  }, 120_000);

  it("is given from the phone's menu at 390 px, nothing floating over the page, with the dialog usable on a phone", async () => {
    const page = await openPage('/tasks', { width: 390, height: 844, as: carer });
    const posts = recordPosts(page);
    // Just above the bottom tab bar, where a floating widget used to sit, the page shows.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await showsThePage(page, 390 - 60, 844 - 64 - 30)).toBe(true);

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Mobile Dashboard' });
    await openMenu.click();
    await menu.getByRole('button', { name: 'This page works well' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/feedback-menu-390.png` });
    await menu.getByRole('button', { name: 'This page works well' }).click();
    await expect.poll(() => menu.count()).toBe(0);
    await expectToast(page, ...SUBMITTED);
    expect(posts).toEqual([
      {
        type: 'positive',
        category: 'general',
        message: 'Quick feedback: this page works well.',
        rating: 5,
        page: '/tasks',
      },
    ]);

    await openMenu.click();
    await menu.getByRole('button', { name: 'Share your feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Feedback' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Type').selectOption('positive');
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(5);
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/feedback-dialog-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label") ?? ""'))
      .toBe('Open menu');
    await page.context().close();

    // The administrator's list on a phone: each row a card, its controls within the screen.
    const admin = await openPage('/admin', { width: 390, height: 844 });
    await admin.getByRole('tab', { name: 'Feedback' }).click();
    const status = admin
      .getByTestId('feedback-row')
      .first()
      .getByRole('combobox', { name: /^Status of/ });
    await expect.poll(() => status.isVisible()).toBe(true);
    const statusBox = await status.boundingBox();
    expect(statusBox!.x + statusBox!.width).toBeLessThanOrEqual(390);
    await admin.screenshot({ path: `${shots}/feedback-admin-390.png`, fullPage: true });
  }, 60_000);
});
