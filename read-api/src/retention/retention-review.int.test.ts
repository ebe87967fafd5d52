import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS, type RetentionReviewView } from '@care/events';
import { retentionReviewViewSchema } from '@care/events/api';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/** The record retention review list: what is past the record retention setting, for an admin to review; nothing is deleted. */
let stack: ReadStack;
let lastPosition = '';

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'retention_review');
});
afterAll(async () => stack?.stop());

async function send(method: string, path: string, body?: object) {
  const reply = await stack.command.request(method as 'POST', path, body);
  expect(reply.status, reply.text).toBeLessThan(300);
  if (reply.body?.position) lastPosition = reply.body.position;
  return reply;
}

async function review(): Promise<{ status: number; body: RetentionReviewView; total: string | null }> {
  const response = await fetch(`${stack.readUrl}/api/admin/retention-review`, {
    headers: { cookie: stack.command.admin.cookie, 'x-min-position': lastPosition },
  });
  const body = (await response.json()) as RetentionReviewView;
  if (response.status === 200) {
    const parsed = retentionReviewViewSchema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  }
  return { status: response.status, body, total: response.headers.get('x-total-count') };
}

const client = (clientId: string, firstName: string) => ({
  clientId,
  firstName,
  lastName: 'Hughes',
  dateOfBirth: '1938-11-02',
  address: '4 Mill Lane',
  emergencyContact: 'Paul',
  emergencyPhone: '0770',
  careLevel: 'low',
});
const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000).toISOString();

describe('record retention review', () => {
  it('lists clients and carers inactive or deleted longer ago than the setting, oldest first, and follows the setting', async () => {
    const oldClient = (await send('POST', '/api/clients', client('CL-OLD', 'Edith'))).body.id as string;
    const recentClient = (await send('POST', '/api/clients', client('CL-NEW', 'Mary'))).body.id as string;
    const deletedClient = (await send('POST', '/api/clients', client('CL-DEL', 'Ivy'))).body.id as string;
    const oldCarer = (
      await send('POST', '/api/carers', {
        firstName: 'Ben',
        lastName: 'Brook',
        email: 'ben@example.org',
        employeeId: 'EMP-OLD',
        startDate: '2010-01-04',
      })
    ).body.id as string;
    const activeCarer = (
      await send('POST', '/api/carers', {
        firstName: 'Amy',
        lastName: 'Active',
        email: 'amy@example.org',
        employeeId: 'EMP-ACT',
        startDate: '2010-01-04',
      })
    ).body.id as string;
    for (const id of [oldClient, recentClient]) await send('PATCH', `/api/clients/${id}`, { isActive: false });
    await send('PATCH', `/api/carers/${oldCarer}`, { isActive: false });
    await send('DELETE', `/api/clients/${deletedClient}`);
    await expect
      .poll(async () => (await stack.pool.query(`SELECT 1 FROM read_model.clients WHERE NOT is_active`)).rowCount)
      .toBe(2);
    await expect
      .poll(async () => (await stack.pool.query(`SELECT 1 FROM read_model.carers WHERE NOT is_active`)).rowCount)
      .toBe(1);

    // Nothing is past 7 years yet.
    expect((await review()).body).toMatchObject({ years: 7, rows: [], total: 0 });

    // As if the discharge, the leaving and the deletion had happened 8 and 9 years ago.
    await stack.pool.query(`UPDATE read_model.clients SET updated_at = $2 WHERE id = $1`, [oldClient, yearsAgo(8)]);
    await stack.pool.query(`UPDATE read_model.carers SET updated_at = $2 WHERE id IN ($1, $3)`, [
      oldCarer,
      yearsAgo(9),
      activeCarer,
    ]);
    await stack.pool.query(`UPDATE es_events SET recorded_at = $1 WHERE event_type = 'ClientRemoved'`, [yearsAgo(8.5)]);

    const listed = await review();
    expect(listed.status).toBe(200);
    expect(listed.total).toBe('3');
    expect(listed.body.rows.map((row) => [row.kind, row.reference, row.name, row.status])).toEqual([
      ['carer', 'EMP-OLD', 'Ben Brook', 'inactive'],
      ['client', 'CL-DEL', 'Ivy Hughes', 'deleted'],
      ['client', 'CL-OLD', 'Edith Hughes', 'inactive'],
    ]);

    // Ten years kept: none of them is past it yet; nothing was deleted by the list.
    await send('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, recordRetentionYears: 10 });
    expect((await review()).body).toMatchObject({ years: 10, total: 0 });
    expect((await stack.pool.query(`SELECT 1 FROM read_model.clients WHERE id = $1`, [oldClient])).rowCount).toBe(1);
  });

  it('keeps a client with medication records for at least 8 years after care ended, whatever the setting', async () => {
    await send('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, recordRetentionYears: 5 });
    const withMedicines = (await send('POST', '/api/clients', client('CL-MED', 'Nora'))).body.id as string;
    await send('POST', '/api/medications', {
      clientId: withMedicines,
      name: 'Amlodipine',
      form: 'tablet',
      route: 'oral',
      dosage: '1 tablet',
      frequency: 'Once daily',
      doseTimes: ['08:00'],
      prescribedBy: 'Dr Patel',
      startDate: '2016-03-01',
    });
    await send('PATCH', `/api/clients/${withMedicines}`, { isActive: false });
    await expect
      .poll(
        async () =>
          (await stack.pool.query(`SELECT 1 FROM read_model.prescriptions WHERE client_id = $1`, [withMedicines]))
            .rowCount,
      )
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await stack.pool.query(`SELECT 1 FROM read_model.clients WHERE id = $1 AND NOT is_active`, [withMedicines]))
            .rowCount,
      )
      .toBe(1);

    // Care ended 7 years ago: past the 5 years kept, not past the medication records' 8.
    await stack.pool.query(`UPDATE read_model.clients SET updated_at = $2 WHERE id = $1`, [withMedicines, yearsAgo(7)]);
    const held = await review();
    expect(held.body).toMatchObject({ years: 5, medicationRetentionYears: 8, heldForMedication: 1 });
    expect(held.body.rows.map((row) => row.reference)).not.toContain('CL-MED');
    // The earlier test's clients without medicines are listed at 5 years as before.
    expect(held.body.rows.map((row) => row.reference)).toContain('CL-OLD');

    // Eight and a half years: listed for review like any other.
    await stack.pool.query(`UPDATE read_model.clients SET updated_at = $2 WHERE id = $1`, [
      withMedicines,
      yearsAgo(8.5),
    ]);
    const listed = await review();
    expect(listed.body.heldForMedication).toBe(0);
    expect(listed.body.rows.map((row) => row.reference)).toContain('CL-MED');
  });

  it('is for administrators only', async () => {
    const coordinator = await stack.command.createUser('coordinator');
    const response = await fetch(`${stack.readUrl}/api/admin/retention-review`, {
      headers: { cookie: coordinator.cookie },
    });
    expect(response.status).toBe(403);
  });
});
