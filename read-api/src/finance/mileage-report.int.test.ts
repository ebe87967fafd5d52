import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { londonToday } from '@care/events';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The Financial Reports tab's "Mileage and expenses": from real completed visits (checked in and out by the carer,
 * with the miles and expenses typed at check-out), per carer, with mileage pay at the payroll policy's rate.
 */
let stack: ReadStack;
let lastPosition = '';
const started = new Date(Date.now() - 90 * 60_000);
const range = `from=${londonToday(started)}&to=${londonToday()}`;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'mileage_report');
  const admin = stack.command.request;
  const ok = async (reply: Promise<{ status: number; text: string; body: Record<string, unknown> }>, status = 201) => {
    const answer = await reply;
    expect(answer.status, answer.text).toBe(status);
    lastPosition = (answer.body.position as string | undefined) ?? lastPosition;
    return answer.body.id as string;
  };
  const carerUser = await stack.command.createUser('carer');
  const carerId = await ok(
    admin('POST', '/api/carers', {
      firstName: 'Amy',
      lastName: 'Driver',
      email: 'amy.driver@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      userId: carerUser.id,
    }),
  );
  const clientId = await ok(
    admin('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    }),
  );
  await ok(
    admin('PUT', '/api/finance/payroll/policy', {
      travelPaid: true,
      mileagePencePerMile: 40,
      taxPercent: 20,
      nationalInsurancePercent: 10,
      pensionPercent: 4,
      contractedHoursPerWeek: 37,
    }),
    200,
  );
  // Two visits one after the other: the first with mileage and expenses, the second with neither.
  for (const [offset, mileage, expenses] of [
    [0, 12.5, '3.40'],
    [40, null, null],
  ] as const) {
    const scheduledStart = new Date(started.getTime() + offset * 60_000).toISOString();
    const visitId = await ok(
      admin('POST', '/api/appointments', {
        clientId,
        carerId,
        scheduledStart,
        durationMinutes: 30,
        tasks: ['Shopping'],
      }),
    );
    await ok(carerUser.request('POST', `/api/appointments/${visitId}/check-in`, { source: 'Computer' }), 200);
    await ok(
      carerUser.request('POST', `/api/appointments/${visitId}/check-out`, {
        source: 'Computer',
        tasksCompleted: ['Shopping'],
        ...(mileage !== null && { mileage, expenses }),
      }),
      200,
    );
  }
});
afterAll(async () => {
  await stack?.stop();
});

const get = (path: string) =>
  fetch(`${stack.readUrl}${path}`, { headers: { cookie: stack.command.admin.cookie, 'x-min-position': lastPosition } });

describe('the mileage and expenses report', () => {
  it('counts each carer’s completed visits, the miles and expenses recorded, and mileage pay at the policy rate, as CSV and PDF', async () => {
    const csv = await (await get(`/api/finance/reports/mileage-and-expenses/report.csv?${range}`)).text();
    // 12.5 miles at 40p is £5.00; with £3.40 of expenses, £8.40. The visit without mileage still counts as a visit.
    expect(csv.split('\r\n')).toEqual([
      'Carer,Visits,With mileage,Miles,Mileage pay,Expenses,Total',
      'Amy Driver,2,1,12.5,5.00,3.40,8.40',
      'Total,2,1,12.5,5.00,3.40,8.40',
      '',
    ]);
    const pdf = await get(`/api/finance/reports/mileage-and-expenses/report.pdf?${range}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Mileage and expenses');
    expect(text).toContain("payroll policy's 40p a mile");
    expect(text).toContain('£8.40');
  });
});
