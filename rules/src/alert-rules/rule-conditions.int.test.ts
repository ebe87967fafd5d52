import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  alertStreamId,
  londonTimeToInstant,
  mondayOf,
  comparePositions,
  londonToday,
  parseRecordedEvent,
  positionFromToken,
  RULES_USER,
  type Position,
} from '@care/events';
import { createLogger } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { alertIdFor, FinanceService, PayrollService } from '@care/command-api';
import { runVisitTimelinessOnce } from '../appointments/visit-timeliness-policy';
import { ALERT_RULES } from './registry';
import { RuleRunner } from './rule-runner';
import { loadCheckpoint } from './runner-checkpoint';

/**
 * The runner following the log on a real command API and projector: a condition raises its alert, the record
 * clearing it resolves it by the system with what cleared it, and it reopens when the condition holds again,
 * unless a person resolved it.
 */
const log = createLogger('test', (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent');
const MINUTE = 60_000;
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let runner: RuleRunner;
let clientId: string;

async function created(path: string, body: unknown): Promise<string> {
  const reply = await api.request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}
async function ok(path: string, body: unknown = {}): Promise<Position> {
  const reply = await api.request('POST', path, body);
  expect(reply.status, reply.text).toBeLessThan(300);
  return positionFromToken(String(reply.body.position))!;
}
const newCarer = (name: string) =>
  created('/api/carers', {
    firstName: name,
    lastName: 'Hussain',
    email: `${name.toLowerCase()}@example.org`,
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
  });

/** The alert's stream as (type, by, note) rows: what an inspector reads. */
async function history(rule: string, subject: string) {
  const events = (await api.store.readStream(alertStreamId(alertIdFor(rule, subject)))).map(parseRecordedEvent);
  return events.map((event) => ({
    type: event.type,
    user: event.metadata.userId,
    ...(event.data as { by?: string; note?: string; reason?: string }),
  }));
}
const types = async (rule: string, subject: string) => (await history(rule, subject)).map((row) => row.type);

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'rule_conditions');
  pool = new pg.Pool({ connectionString: database.url, max: 10 });
  api = await startCommandApiOn(database.url);
  clientId = await created('/api/clients', {
    clientId: 'CL-C1',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
  runner = new RuleRunner(
    { store: api.store, pool, db: createReadModelDb(pool), logger: log },
    { rules: ALERT_RULES, intervalMs: 3_600_000 },
  );
  await runner.start();
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

describe('alert rules on the live record', () => {
  it('raises expiring training, and a renewal resolves it by the system saying the new expiry', async () => {
    const carerId = await newCarer('Amira');
    const expiry = addDays(londonToday(), 10);
    const trainingId = await created('/api/training', {
      carerId,
      trainingType: 'first_aid',
      completedDate: addDays(londonToday(), -355),
      expiryDate: expiry,
    });
    const subject = `${carerId}/first_aid/${expiry}`;
    await expect.poll(() => types('training-expiring', subject)).toEqual(['AlertRaised']);
    const renewedUntil = addDays(londonToday(), 365);
    await ok(`/api/training/${trainingId}/renewal`, { completedDate: londonToday(), expiryDate: renewedUntil });
    await expect.poll(() => types('training-expiring', subject)).toEqual(['AlertRaised', 'AlertResolved']);
    const [, resolved] = await history('training-expiring', subject);
    const [y, m, d] = renewedUntil.split('-');
    expect(resolved).toMatchObject({ by: 'system', user: RULES_USER, note: `Renewed: now expires on ${d}/${m}/${y}` });
  });

  it('raises a care plan review due within 30 days and an overdue one; rescheduling or a review resolves each by the system', async () => {
    const ukDate = (date: string) => date.split('-').reverse().join('/');
    const due = addDays(londonToday(), 10);
    const planId = await created('/api/care-plans', { clientId, title: 'Personal care plan', reviewDate: due });
    await expect.poll(() => types('care-plan-review-due', `${planId}/${due}`)).toEqual(['AlertRaised']);
    const [raised] = await history('care-plan-review-due', `${planId}/${due}`);
    expect(raised).toMatchObject({
      title: 'Care plan review due',
      description: `Edith Green's care plan "Personal care plan" is due for review on ${ukDate(due)}.`,
    });
    const later = addDays(londonToday(), 90);
    await ok(`/api/care-plans/${planId}/review-date`, { reviewDate: later });
    await expect
      .poll(() => types('care-plan-review-due', `${planId}/${due}`))
      .toEqual(['AlertRaised', 'AlertResolved']);
    expect((await history('care-plan-review-due', `${planId}/${due}`))[1]).toMatchObject({
      by: 'system',
      note: `Reviewed or rescheduled: next review on ${ukDate(later)}`,
    });

    // An existing plan entered already overdue raises the high alert; recording the review clears it.
    const otherClient = await created('/api/clients', {
      clientId: 'CL-C2',
      firstName: 'Frank',
      lastName: 'Moss',
      dateOfBirth: '1940-01-01',
      address: '1 High Street, York',
      emergencyContact: 'Jo Moss',
      emergencyPhone: '07700 900000',
      careLevel: 'low',
    });
    const overdue = addDays(londonToday(), -5);
    const overduePlan = await created('/api/care-plans', {
      clientId: otherClient,
      title: 'Paper plan',
      reviewDate: overdue,
    });
    await expect.poll(() => types('care-plan-review-overdue', `${overduePlan}/${overdue}`)).toEqual(['AlertRaised']);
    expect(await types('care-plan-review-due', `${overduePlan}/${overdue}`)).toEqual([]);
    await ok(`/api/care-plans/${overduePlan}/reviews`, {
      reviewedOn: londonToday(),
      outcome: 'no_change',
      nextReviewDate: addDays(londonToday(), 180),
    });
    await expect
      .poll(() => types('care-plan-review-overdue', `${overduePlan}/${overdue}`))
      .toEqual(['AlertRaised', 'AlertResolved']);
  });

  it('raises an overdue invoice, and the payment that settles it resolves it by the system', async () => {
    const funderId = await created('/api/finance/funders', {
      name: 'Leeds City Council',
      kind: 'local_authority',
      paymentTermsDays: 30,
    });
    await created(`/api/finance/funders/${funderId}/rates`, {
      effectiveFrom: '2020-01-01',
      weekdayHourlyPence: 24_00,
      weekendHourlyPence: 24_00,
      bankHolidayHourlyPence: 24_00,
    });
    expect(
      (
        await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
          effectiveFrom: '2020-01-01',
          shares: [{ funderId, percent: 100 }],
        })
      ).status,
    ).toBe(200);
    const issuedOn = addDays(londonToday(), -45);
    const service = new FinanceService(api.store, {
      completedVisits: async () => [
        {
          clientId,
          appointmentId: randomUUID(),
          date: addDays(issuedOn, -3),
          serviceName: 'Personal care',
          plannedMinutes: 60,
          actualMinutes: 60,
          mileageTenths: null,
        },
      ],
    });
    const { invoices } = await service.generateInvoices(
      { periodStart: addDays(issuedOn, -10), periodEnd: addDays(issuedOn, -1), clientId, issuedOn },
      { userId: api.admin.id, requestId: 'test' },
    );
    const invoice = invoices[0]!;
    await expect.poll(() => types('invoice-overdue', invoice.id)).toEqual(['AlertRaised']);
    const [raised] = await history('invoice-overdue', invoice.id);
    expect(raised).toMatchObject({
      title: 'Invoice overdue',
      description: expect.stringContaining(
        `Invoice ${invoice.number} to Leeds City Council for Edith Green's care was due on`,
      ),
    });
    expect(raised).toMatchObject({ description: expect.stringMatching(/ and £24\.00 is still unpaid\.$/) });
    await ok(`/api/finance/invoices/${invoice.id}/payments`, { amountPence: 24_00, receivedOn: londonToday() });
    await expect.poll(() => types('invoice-overdue', invoice.id)).toEqual(['AlertRaised', 'AlertResolved']);
    expect((await history('invoice-overdue', invoice.id))[1]).toMatchObject({
      by: 'system',
      note: `Invoice ${invoice.number} is settled`,
    });
  });

  it('raises a contract renewal due within 30 days, and the renewal resolves it by the system with the new end date', async () => {
    const ukDate = (date: string) => date.split('-').reverse().join('/');
    const renewal = addDays(londonToday(), 12);
    const contractId = await created('/api/finance/contracts', {
      contractNumber: 'CT-RULE-1',
      clientId,
      startDate: addDays(londonToday(), -300),
      endDate: addDays(londonToday(), 60),
      valuePence: 12_000_00,
      services: ['Personal care'],
      renewalDate: renewal,
    });
    await expect.poll(() => types('contract-renewal-due', contractId)).toEqual(['AlertRaised']);
    const [raised] = await history('contract-renewal-due', contractId);
    expect(raised).toMatchObject({
      title: 'Contract renewal due',
      description: `Contract CT-RULE-1 for Edith Green's care is due for renewal on ${ukDate(renewal)}; it ends on ${ukDate(addDays(londonToday(), 60))}.`,
    });
    const newEnd = addDays(londonToday(), 425);
    await ok(`/api/finance/contracts/${contractId}/renew`, {
      endDate: newEnd,
      renewalDate: addDays(londonToday(), 395),
      valuePence: 12_500_00,
    });
    await expect.poll(() => types('contract-renewal-due', contractId)).toEqual(['AlertRaised', 'AlertResolved']);
    expect((await history('contract-renewal-due', contractId))[1]).toMatchObject({
      by: 'system',
      note: `Contract CT-RULE-1 was renewed to ${ukDate(newEnd)}`,
    });
  });

  it('raises pay below the minimum wage for a processed payslip, naming the carer', async () => {
    const carerId = await newCarer('Mina');
    const service = new PayrollService(api.store, pool, {
      carerEmail: async () => null,
      carersToPay: async () => [
        {
          carerId,
          hourlyRatePence: 10_00,
          visits: [
            {
              appointmentId: randomUUID(),
              date: '2026-03-04',
              startsAt: '2026-03-04T09:00:00Z',
              minutes: 60,
              travelMinutes: null,
              mileageTenths: null,
            },
          ],
        },
      ],
    });
    await service.process(
      { periodStart: '2026-03-02', periodKind: 'week' },
      { userId: api.admin.id, requestId: 'test' },
      '2026-04-01',
    );
    const payslipOf = async () =>
      (
        await pool
          .query<{ payslip_id: string }>(
            `SELECT payslip_id FROM ${READ_MODEL_SCHEMA}.finance_payslips WHERE carer_id = $1`,
            [carerId],
          )
          .catch(() => ({ rows: [] }))
      ).rows[0]?.payslip_id;
    await expect.poll(payslipOf).toBeDefined();
    const payslipId = (await payslipOf())!;
    await expect.poll(() => types('payroll-below-minimum-wage', payslipId)).toEqual(['AlertRaised']);
    const [raised] = await history('payroll-below-minimum-wage', payslipId);
    expect(raised).toMatchObject({
      title: 'Pay below the minimum wage',
      description:
        'Mina Hussain was paid £10.00 for 1h 00m of work (visits and travel between them) from 02/03/2026 to 08/03/2026: £10.00 an hour, below the National Living Wage of £12.21.',
    });
  });

  it('raises a late visit as the carer’s, and a check-in resolves it with the time', async () => {
    const carerId = await newCarer('Bella');
    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 30 * MINUTE);
    const visitId = await created('/api/appointments', {
      clientId,
      carerId,
      scheduledStart: start.toISOString(),
      durationMinutes: 120,
      tasks: ['Wash'],
    });
    await expect
      .poll(async () =>
        createReadModelDb(pool)
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('appointments')
          .select('id')
          .where('id', '=', visitId)
          .executeTakeFirst(),
      )
      .toBeDefined();
    await runVisitTimelinessOnce({ store: api.store, pool, logger: log }, { lateGraceMinutes: 15 });
    await expect.poll(() => types('visit-late', visitId)).toEqual(['AlertRaised']);
    const [raised] = (await api.store.readStream(alertStreamId(alertIdFor('visit-late', visitId)))).map(
      parseRecordedEvent,
    );
    expect(raised?.data).toMatchObject({
      severity: 'high',
      carerId,
      clientId,
      appointmentId: visitId,
      title: 'Visit running late',
    });

    await ok(`/api/appointments/${visitId}/check-in`, { source: 'Computer' });
    await expect.poll(() => types('visit-late', visitId)).toEqual(['AlertRaised', 'AlertResolved']);
    const [, resolved] = await history('visit-late', visitId);
    expect(resolved?.note).toMatch(/^Checked in at \d\d:\d\d$/);
  });

  it('raises one working time alert for a carer week over their limit however often it is evaluated, and resolves it when the week fits', async () => {
    const carerId = await newCarer('Nadia');
    const put = await api.request('PUT', `/api/carers/${carerId}/working-pattern`, {
      weekly: [],
      contractedHoursPerWeek: null,
      weeklyHoursLimit: 1,
    });
    expect(put.status, put.text).toBe(200);
    const week = mondayOf(addDays(londonToday(), 14));
    const visit = (day: number) =>
      created('/api/appointments', {
        clientId,
        carerId,
        scheduledStart: londonTimeToInstant(addDays(week, day), '10:00'),
        durationMinutes: 45,
      });
    await visit(0);
    const second = await visit(1);
    const subject = `${carerId}/${week}`;
    await expect.poll(() => types('working-time-over-limit', subject)).toEqual(['AlertRaised']);
    // Still over after a third visit: the rule is evaluated again and wants the same alert, raised once.
    const third = await visit(2);
    await ok(`/api/appointments/${third}/cancel`, { reason: 'Client in hospital' });
    await ok(`/api/appointments/${second}/cancel`, { reason: 'Client in hospital' });
    await expect.poll(() => types('working-time-over-limit', subject)).toEqual(['AlertRaised', 'AlertResolved']);
    const [, resolved] = await history('working-time-over-limit', subject);
    expect(resolved).toMatchObject({ by: 'system', note: 'Now 0.75 h booked, within the weekly limit of 1 h' });
  });

  it('reopens an unassigned-visit alert the system resolved when the carer is taken off again, but not one a person resolved', async () => {
    const carerId = await newCarer('Chloe');
    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 6 * 60 * MINUTE);
    const visitId = await created('/api/appointments', {
      clientId,
      scheduledStart: start.toISOString(),
      durationMinutes: 60,
      tasks: ['Lunch'],
    });
    await expect.poll(() => types('visit-unassigned', visitId)).toEqual(['AlertRaised']);
    await ok(`/api/appointments/${visitId}/assign`, { carerId });
    await expect.poll(() => types('visit-unassigned', visitId)).toEqual(['AlertRaised', 'AlertResolved']);
    expect((await history('visit-unassigned', visitId))[1]?.note).toBe('A carer was assigned');
    await ok(`/api/appointments/${visitId}/unassign`);
    await expect
      .poll(() => types('visit-unassigned', visitId))
      .toEqual(['AlertRaised', 'AlertResolved', 'AlertReopened']);

    // A person resolves it while the visit still has no carer: their resolution stands.
    const alertId = alertIdFor('visit-unassigned', visitId);
    await ok(`/api/alerts/${alertId}/resolve`, { note: 'Family will visit instead; visit to be cancelled' });
    await expect
      .poll(async () =>
        createReadModelDb(pool)
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('alerts')
          .select('status')
          .where('id', '=', alertId)
          .executeTakeFirst(),
      )
      .toEqual({ status: 'resolved' });
    await ok(`/api/appointments/${visitId}/assign`, { carerId });
    const unassigned = await ok(`/api/appointments/${visitId}/unassign`);
    // The runner has evaluated the rules after the carer was taken off again (its checkpoint passed that event).
    await expect
      .poll(async () => comparePositions(await loadCheckpoint(pool, 'alert-rules'), unassigned))
      .toBeGreaterThanOrEqual(0);
    expect(await types('visit-unassigned', visitId)).toEqual([
      'AlertRaised',
      'AlertResolved',
      'AlertReopened',
      'AlertResolved',
    ]);
  });
});
