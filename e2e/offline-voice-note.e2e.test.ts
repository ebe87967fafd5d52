import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startE2eEnvironment, waitForServiceWorker, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';
const carer = { email: 'ruth.adeyemi@example.org', password: 'offline voice note e2e password' };
const TITLE = 'Edith asked about her hearing aid';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_offline_voice_note');
  const admin = await env.signedInContext();
  const created = await admin.request.post(`${env.product.url}/api/users`, {
    data: { ...carer, firstName: 'Ruth', lastName: 'Adeyemi', role: 'carer' },
    headers: { origin: env.product.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.close();
}, 180_000);
afterAll(async () => env?.stop());

interface StoredRecord {
  readonly id: string;
  readonly kind: string;
  readonly audioSize: number | null;
}

/** The records waiting on the phone (the outbox in the page's IndexedDB), with the size of any recording kept. */
function outbox(page: Page): Promise<StoredRecord[]> {
  // A string, so it runs in the page as written.
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('care-outbox');
    open.onsuccess = () => {
      const read = open.result.transaction('records').objectStore('records').getAll();
      read.onsuccess = () => {
        open.result.close();
        resolve(read.result.map((record) => ({
          id: record.id,
          kind: record.kind,
          audioSize: record.body && record.body.audio instanceof Blob ? record.body.audio.size : null,
        })));
      };
      read.onerror = () => reject(read.error);
    };
  })`);
}

/** The installed app: its service worker holds every part of the app, so the dialog's parts load offline too. */
async function installed(page: Page): Promise<void> {
  await waitForServiceWorker(page);
}

describe('a voice note recorded without signal', () => {
  it('waits on the phone with its recording and is listed exactly once when the signal returns', async () => {
    const phone = await env.signedInContext({ width: 390, height: 844 }, carer);
    await phone.grantPermissions(['microphone'], { origin: env.product.url });
    const page = await phone.newPage();
    await page.goto(`${env.product.url}/diary`);
    await installed(page);
    await expect.poll(() => page.getByText('No voice notes yet.', { exact: true }).isVisible()).toBe(true);

    await phone.setOffline(true);
    await expect.poll(() => page.getByTestId('connection-badge').first().innerText()).toContain('Offline');
    await page.getByRole('button', { name: 'Record Voice Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Voice Note' });
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await expect.poll(() => dialog.getByTestId('recording-time').textContent()).toBe('00:01');
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    await expect.poll(() => dialog.getByTestId('voice-note-preview').isVisible()).toBe(true);
    await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
    await dialog.getByRole('button', { name: 'Save Voice Note' }).click();
    await expect.poll(() => page.getByText('It will be sent when you are back online.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Kept on the phone with the recording itself, not yet listed.
    const stored = await outbox(page);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.kind).toBe('voice-note');
    expect(stored[0]?.audioSize).toBeGreaterThan(0);
    expect(await page.getByTestId('voice-note').count()).toBe(0);
    await page.screenshot({ path: `${shots}/offline-voice-note-waiting-390.png`, fullPage: true });

    await phone.setOffline(false);
    const note = page.getByTestId('voice-note').filter({ hasText: TITLE });
    await expect.poll(() => note.count()).toBe(1);
    await expect.poll(() => outbox(page)).toEqual([]);

    // The server has it once, under the id the phone gave it, with a recording that plays.
    const listed = await phone.request.get(`${env.product.url}/api/voice-notes`);
    expect(listed.status()).toBe(200);
    const notes = (await listed.json()) as { id: string; title: string }[];
    expect(notes.filter((each) => each.title === TITLE).map((each) => each.id)).toEqual([stored[0]?.id]);
    const audio = await phone.request.get(`${env.product.url}/api/voice-notes/${stored[0]?.id}/audio`);
    expect(audio.status()).toBe(200);
    expect((await audio.body()).length).toBe(stored[0]?.audioSize);
    await phone.close();
  });
});
