import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';
const carer = { email: 'priya.shah@example.org', password: 'voice-notes-e2e-password' };

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_voice_notes');
  const admin = await env.signedInContext();
  const created = await admin.request.post(`${env.product.url}/api/users`, {
    data: { ...carer, firstName: 'Priya', lastName: 'Shah', role: 'carer' },
    headers: { origin: env.product.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();
}, 180_000);
afterAll(async () => env?.stop());

/** A signed-in carer whose browser may use the (fake) microphone without asking. */
async function carerContext(width: number, height: number): Promise<BrowserContext> {
  const context = await env.signedInContext({ width, height }, carer);
  await context.grantPermissions(['microphone'], { origin: env.product.url });
  return context;
}

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();

/** Start, let the fake microphone's beep run until the recorder's clock shows `seconds`, stop: the save form with its preview appears. */
async function recordFor(page: Page, seconds: number) {
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Stop Recording' }).isVisible()).toBe(true);
  await expect
    .poll(() => page.getByTestId('recording-time').textContent())
    .toBe(`00:${String(seconds).padStart(2, '0')}`);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await expect.poll(() => page.getByTestId('voice-note-preview').isVisible()).toBe(true);
}

/** The parts of an <audio> element the tests read (this project compiles without the DOM library). */
interface AudioElementState {
  readonly readyState: number;
  readonly duration: number;
  readonly error: { readonly code: number } | null;
  readonly currentSrc: string;
}

/** What the browser knows about a note's player once it has loaded the recording's metadata from the API. */
function playerState(page: Page, title: string) {
  return page.getByLabel(`Play ${title}`).evaluate((audio: AudioElementState) => ({
    readyState: audio.readyState,
    duration: audio.duration,
    error: audio.error?.code ?? null,
    src: audio.currentSrc,
  }));
}

describe('Voice notes in Chromium', () => {
  it('records with the microphone, saves, lists the note on /diary and plays it back', async () => {
    const context = await carerContext(1280, 900);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/diary`);
    await expect.poll(() => page.getByRole('heading', { name: 'Voice Notes' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No voice notes yet.', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Record Voice Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Voice Note' });
    await expect.poll(() => dialog.getByTestId('recording-time').textContent()).toBe('00:00');
    await expect.poll(() => dialog.getByText('/ 05:00').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => dialog.getByTestId('recording-time').textContent()).toBe('00:02');
    await page.screenshot({ path: `${shots}/voice-notes-recording-1280.png` });
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    await expect.poll(() => dialog.getByTestId('voice-note-preview').isVisible()).toBe(true);
    // The preview plays the recording from memory (a blob: URL the page's CSP allows).
    await expect
      .poll(() => dialog.getByTestId('voice-note-preview').evaluate((audio: AudioElementState) => audio.readyState))
      .toBeGreaterThanOrEqual(1);

    await dialog.getByRole('button', { name: 'Save Voice Note' }).click();
    await expect.poll(() => dialog.getByText('Title is required', { exact: true }).isVisible()).toBe(true);
    await dialog.getByLabel('Title', { exact: true }).fill('Evening visit: Mrs Patel settled');
    await dialog.getByLabel('Priority', { exact: true }).selectOption('high');
    await dialog.getByLabel('Tags', { exact: true }).fill('evening');
    await dialog.getByLabel('Tags', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: 'Save Voice Note' }).click();
    await expect.poll(() => toast(page, 'Voice note saved').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const note = page.getByTestId('voice-note').filter({ hasText: 'Evening visit: Mrs Patel settled' });
    await expect.poll(() => note.count()).toBe(1);
    const text = await note.textContent();
    expect(text).toContain('Priya Shah');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toMatch(/00:0[2-4]/);
    expect(text).toContain('high');
    expect(text).toContain('evening');

    // The player loads the recording's metadata from GET /api/voice-notes/<id>/audio.
    await expect
      .poll(async () => (await playerState(page, 'Evening visit: Mrs Patel settled')).readyState)
      .toBeGreaterThanOrEqual(1);
    const state = await playerState(page, 'Evening visit: Mrs Patel settled');
    expect(state.error).toBeNull();
    expect(state.duration).toBeGreaterThan(0);
    expect(state.src).toMatch(new RegExp(`^${env.product.url}/api/voice-notes/[0-9a-f-]{36}/audio$`));
    await page.screenshot({ path: `${shots}/voice-notes-1280.png`, fullPage: true });

    // A reload shows it again (it came from the server, not from the page's memory).
    await page.reload();
    await expect
      .poll(() => page.getByTestId('voice-note').filter({ hasText: 'Evening visit: Mrs Patel settled' }).count())
      .toBe(1);

    // The author deletes it, after a confirmation naming it.
    await page.getByRole('button', { name: 'Delete Evening visit: Mrs Patel settled' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete voice note "Evening visit: Mrs Patel settled"?' });
    await question.getByRole('button', { name: 'Delete voice note' }).click();
    await expect.poll(() => toast(page, 'Voice note deleted').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No voice notes yet.', { exact: true }).isVisible()).toBe(true);
    await context.close();
  }, 120_000);

  it('records on /voice-notes/new at 390 px and goes to the diary, where the note is listed', async () => {
    const context = await carerContext(390, 844);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/voice-notes/new`);
    await expect.poll(() => page.getByRole('heading', { name: 'Record Voice Note' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/voice-note-new-390.png`, fullPage: true });
    await recordFor(page, 1);
    await page.getByLabel('Title', { exact: true }).fill('Medication prompt');
    await page.getByLabel('Private').check();
    // Scrolled to the end, the Save button clears the floating feedback buttons (a full-page shot would not show it).
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 2000);
    // The shot (only for looking at) once the page has scrolled to its end.
    await expect
      .poll(() =>
        page.evaluate('Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight'),
      )
      .toBe(true);
    await page.screenshot({ path: `${shots}/voice-note-save-390.png` });
    await page.getByRole('button', { name: 'Save Voice Note' }).click();
    await expect.poll(() => toast(page, 'Voice note saved').isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/diary');
    const note = page.getByTestId('voice-note').filter({ hasText: 'Medication prompt' });
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toContain('Private');
    await expect.poll(async () => (await playerState(page, 'Medication prompt')).readyState).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: `${shots}/voice-notes-390.png`, fullPage: true });
    await context.close();
  }, 120_000);

  it('warns at 4 minutes and stops by itself at 5', async () => {
    const context = await carerContext(1280, 900);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${env.product.url}/voice-notes/new`);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Stop Recording' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Recording will stop automatically in 60 seconds').count()).toBe(0);
    await page.clock.runFor('04:00');
    await expect.poll(() => page.getByText('Recording will stop automatically in 60 seconds').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('recording-time').textContent()).toBe('04:00');
    await page.clock.runFor('01:00');
    await expect.poll(() => page.getByTestId('voice-note-preview').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.voice-note-preview').textContent()).toContain('05:00');
    await context.close();
  }, 120_000);

  it('says "Microphone Access Required" when the microphone is refused, and "Recording Failed" when there is none', async () => {
    const context = await env.signedInContext({ width: 1280, height: 900 }, carer);
    const page = await context.newPage();
    // What the browser answers when the user blocks the microphone, or when no microphone is there.
    await page.addInitScript(`
      navigator.mediaDevices.getUserMedia = () => Promise.reject(
        new DOMException('refused by the test', localStorage.getItem('e2e-microphone') === 'missing' ? 'NotFoundError' : 'NotAllowedError'),
      );
    `);
    await page.goto(`${env.product.url}/voice-notes/new`);
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => toast(page, 'Microphone Access Required').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Please allow microphone access to record voice notes.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);

    await page.evaluate("localStorage.setItem('e2e-microphone', 'missing')");
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => toast(page, 'Recording Failed').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Unable to access microphone. Please check your permissions.').isVisible())
      .toBe(true);
    await context.close();
  }, 60_000);
});
