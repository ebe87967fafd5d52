import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  londonToday,
  positionToToken,
  type FinanceOverviewView,
  type PayrollPolicyView,
  type PayrollRunView,
  type PayrollSummaryRow,
  type PayslipView,
} from '@care/events';
import type { TestUser } from '@care/command-api/testing';
// The command side's payroll run, with visits given by the test (the appointments read model is not under test here).
import { PayrollService } from '../../../command-api/src/finance/payroll-service';
import { readModelPayrollSource } from '../../../command-api/src/finance/payroll-source';
import { ensureMailSchema } from '../../../command-api/src/mail/outbox';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { createReadModelDb } from '@care/projector';
import { payslipsBelowMinimumWage } from '@care/projector/rule-facts';
import { payrollSummary } from './payroll-queries';

let stack: ReadStack;
let coordinator: TestUser;
let amyUser: TestUser;
let benUser: TestUser;
let amyId = '';
let benId = '';
let runId = '';
let lastPosition = '';

const visit = (
  date: string,
  time: string,
  minutes: number,
  travelMinutes: number | null,
  mileageTenths: number | null,
) => ({
  appointmentId: randomUUID(),
  date,
  startsAt: `${date}T${time}:00Z`,
  minutes,
  travelMinutes,
  mileageTenths,
});

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'payroll_read');
  await ensureMailSchema(stack.command.pool);
  coordinator = await stack.command.createUser('coordinator');
  amyUser = await stack.command.createUser('carer');
  benUser = await stack.command.createUser('carer');
  const carer = async (firstName: string, email: string, hourlyRate: string, userId: string) => {
    const reply = await stack.command.request('POST', '/api/carers', {
      firstName,
      lastName: 'Carer',
      email,
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      hourlyRate,
      userId,
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id as string;
  };
  amyId = await carer('Amy', 'amy@example.org', '13.00', amyUser.id);
  benId = await carer('Ben', 'ben@example.org', '11.00', benUser.id);
  await stack.projector.settled();
  const source = readModelPayrollSource(stack.command.pool);
  const service = new PayrollService(stack.command.store, stack.command.pool, {
    carerEmail: source.carerEmail,
    carersToPay: async () => [
      {
        carerId: amyId,
        hourlyRatePence: 13_00,
        visits: [visit('2026-03-04', '09:00', 60, null, 30), visit('2026-03-04', '11:00', 90, 15, 20)],
      },
      { carerId: benId, hourlyRatePence: 11_00, visits: [visit('2026-03-05', '09:00', 120, null, null)] },
    ],
  });
  const result = await service.process(
    { periodStart: '2026-03-01', periodKind: 'month' },
    { userId: stack.command.admin.id, requestId: 'test' },
    '2026-04-02',
  );
  expect(result).toMatchObject({
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    payslips: 2,
    belowMinimumWage: 1,
  });
  runId = result.id;
  lastPosition = result.position === undefined ? '' : positionToToken(result.position);
});
afterAll(async () => {
  await stack?.stop();
});

async function get(path: string, user: TestUser = stack.command.admin) {
  return fetch(`${stack.readUrl}${path}`, { headers: { cookie: user.cookie, 'x-min-position': lastPosition } });
}

describe('payroll commands', () => {
  it('refuses to process a period overlapping one already processed (409), and refuses coordinators and carers (403)', async () => {
    const again = await stack.command.request('POST', '/api/finance/payroll/process', {
      periodStart: '2026-03-30',
      periodKind: 'week',
    });
    expect(again.status, again.text).toBe(409);
    expect(again.text).toContain('already processed for 2026-03-01 to 2026-03-31');
    for (const user of [coordinator, amyUser]) {
      const refused = await user.request('POST', '/api/finance/payroll/process', {
        periodStart: '2026-01-01',
        periodKind: 'month',
      });
      expect(refused.status).toBe(403);
    }
  });

  it('sets the policy and a new living wage rate (admin only)', async () => {
    const policy = {
      travelPaid: false,
      mileagePencePerMile: 40,
      taxPercent: 20,
      nationalInsurancePercent: 8,
      pensionPercent: 5,
      contractedHoursPerWeek: 37,
    };
    expect((await stack.command.request('PUT', '/api/finance/payroll/policy', policy)).status).toBe(200);
    const rate = await stack.command.request('POST', '/api/finance/payroll/living-wage', {
      effectiveFrom: '2027-04-01',
      hourlyPence: 13_10,
    });
    expect(rate.status).toBe(201);
    lastPosition = rate.body.position as string;
    const view = (await (await get('/api/finance/payroll/policy')).json()) as PayrollPolicyView;
    expect(view).toMatchObject(policy);
    // Who set it and when, for the settings card (the audit screen keeps each earlier version).
    expect(view.setBy).toBe('Ada Admin');
    expect(Date.now() - Date.parse(view.setAt ?? '')).toBeLessThan(60_000);
    expect(view.livingWage.at(-1)).toEqual({ effectiveFrom: '2027-04-01', hourlyPence: 13_10 });
    expect(
      (await stack.command.request('PUT', '/api/finance/payroll/policy', { ...policy, taxPercent: 101 })).status,
    ).toBe(400);
  });
});

describe('GET /api/finance/payroll', () => {
  it('lists the period and its payslips with hours, gross, deductions, net and the minimum wage flag', async () => {
    const runs = await get('/api/finance/payroll/runs');
    expect(runs.headers.get('x-total-count')).toBe('1');
    expect((await runs.json()) as PayrollRunView[]).toEqual([
      expect.objectContaining({ runId, periodKind: 'month', periodStart: '2026-03-01', periodEnd: '2026-03-31' }),
    ]);
    const reply = await get(`/api/finance/payroll/runs/${runId}/payslips?limit=1`);
    expect(reply.headers.get('x-total-count')).toBe('2');
    const [amy] = (await reply.json()) as PayslipView[];
    // Amy: 2 h 30 visits + 15 min travel between them at £13.00 = £35.75; 5.0 miles at 45p = £2.25.
    expect(amy).toMatchObject({
      carerName: 'Amy Carer',
      workedMinutes: 165,
      grossPence: 35_75 + 2_25,
      deductionsPence: 7_15 + 3_58 + 1_43,
      belowMinimumWage: false,
      status: 'processed',
      sentAt: null,
    });
    const [ben] = (await (await get(`/api/finance/payroll/runs/${runId}/payslips?offset=1`)).json()) as PayslipView[];
    expect(ben).toMatchObject({ carerName: 'Ben Carer', grossPence: 22_00, belowMinimumWage: true }); // £11.00 < £12.21 (March 2026)
  });

  it('View Payslip: a PDF naming the carer, the figures, the estimate and the minimum wage check', async () => {
    const [, ben] = (await (await get(`/api/finance/payroll/runs/${runId}/payslips`)).json()) as PayslipView[];
    const reply = await get(`/api/finance/payroll/payslips/${ben!.payslipId}/payslip.pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(await reply.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const expected of [
      'Payslip',
      'Ben Carer',
      '01/03/2026 to 31/03/2026',
      '£22.00',
      'Holiday accrued this period: 0h 14m',
      'estimate',
      "payroll bureau's figures",
      'BELOW the National Living Wage (£12.21 an hour)',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('Export CSV: one row per carer for payroll software', async () => {
    const reply = await get(`/api/finance/payroll/runs/${runId}/payroll.csv`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toContain('payroll-2026-03-01-to-2026-03-31.csv');
    const lines = (await reply.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Employee ID,Carer,Period start,Period end,Visits,Regular hours');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Amy Carer,2026-03-01,2026-03-31,2,2.75,0.00,0.25,13.00,35.75,0.00,5.0,2.25,38.00');
    expect(lines[2]).toContain(',yes,');
  });

  it('the payroll summary per period sums the payslips', async () => {
    const summary = (await (await get('/api/finance/payroll/summary')).json()) as PayrollSummaryRow[];
    expect(summary).toEqual([
      {
        runId,
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        carers: 2,
        workedMinutes: 285,
        grossPence: 38_00 + 22_00,
        deductionsPence: expect.any(Number),
        netPence: expect.any(Number),
        mileagePence: 2_25,
        belowMinimumWage: 1,
      },
    ]);
    expect(await payrollSummary(createReadModelDb(stack.pool), { from: '2026-04-01' })).toEqual([]);
  });

  it("the Financial Reports tab's payroll summary: the period as CSV with its totals, and as a PDF", async () => {
    const csv = await (
      await get('/api/finance/reports/payroll-summary/report.csv?from=2026-03-01&to=2026-03-31')
    ).text();
    const [header, march, total] = csv.split('\r\n');
    expect(header).toBe('Period,Carers,Hours,Gross,Deductions (estimate),Net,Mileage,Below minimum wage');
    expect(march).toMatch(/^01\/03\/2026 to 31\/03\/2026,2,4h 45m,60\.00,[\d.]+,[\d.]+,2\.25,1$/);
    expect(total).toMatch(/^Total,2,4h 45m,60\.00,/);
    const pdf = await get('/api/finance/reports/payroll-summary/report.pdf?from=2026-03-01&to=2026-03-31');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Payroll summary');
    expect(text).toContain("before the payroll bureau's figures");
    expect(text).toContain('£60.00');
  });

  it("the minimum wage rule's facts: Ben's payslip, with his pay for all working time and the rate in force", async () => {
    const facts = await payslipsBelowMinimumWage(createReadModelDb(stack.pool));
    expect(facts).toEqual([
      expect.objectContaining({
        carerId: benId,
        carerName: 'Ben Carer',
        periodEnd: '2026-03-31',
        workingMinutes: 120,
        payPence: 22_00,
        livingWageHourlyPence: 12_21,
      }),
    ]);
  });

  it('is read by coordinators, never by carers', async () => {
    expect((await get(`/api/finance/payroll/runs/${runId}/payslips`, coordinator)).status).toBe(200);
    expect((await get(`/api/finance/payroll/runs/${runId}/payslips`, amyUser)).status).toBe(403);
    expect((await get('/api/finance/payroll/runs', amyUser)).status).toBe(403);
  });
});

describe("Send to Employee and a carer's own payslips", () => {
  it('sends the payslip: a mail queued in the outbox to the carer, and the list says sent and when', async () => {
    const [amy] = (await (await get(`/api/finance/payroll/runs/${runId}/payslips`)).json()) as PayslipView[];
    const sent = await stack.command.request(
      'POST',
      `/api/finance/payroll/runs/${runId}/payslips/${amy!.payslipId}/send`,
    );
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.sentTo).toBe('amy@example.org');
    lastPosition = sent.body.position as string;
    const { rows } = await stack.command.pool.query<{ recipient: string; kind: string; subject: string }>(
      `SELECT recipient, kind, subject FROM mail.outbox WHERE kind = 'payslip'`,
    );
    expect(rows).toEqual([{ recipient: 'amy@example.org', kind: 'payslip', subject: 'Your payslip is ready' }]);
    const [after] = (await (await get(`/api/finance/payroll/runs/${runId}/payslips`)).json()) as PayslipView[];
    expect(after).toMatchObject({ sentTo: 'amy@example.org', sentAt: expect.any(String) });
    const unknown = await stack.command.request(
      'POST',
      `/api/finance/payroll/runs/${runId}/payslips/${randomUUID()}/send`,
    );
    expect(unknown.status).toBe(404);
  });

  it("a carer sees only their own payslips and cannot open another carer's (404)", async () => {
    const mine = await get('/api/finance/payslips/mine', amyUser);
    expect(mine.status).toBe(200);
    const rows = (await mine.json()) as PayslipView[];
    expect(rows.map((row) => row.carerName)).toEqual(['Amy Carer']);
    const own = await get(`/api/finance/payslips/mine/${rows[0]!.payslipId}/payslip.pdf`, amyUser);
    expect(own.status).toBe(200);
    expect(await pdfText(new Uint8Array(await own.arrayBuffer()))).toContain('Amy Carer');
    const [benRow] = (await (await get('/api/finance/payslips/mine', benUser)).json()) as PayslipView[];
    expect(benRow!.carerName).toBe('Ben Carer');
    expect((await get(`/api/finance/payslips/mine/${benRow!.payslipId}/payslip.pdf`, amyUser)).status).toBe(404);
    expect((await get(`/api/finance/payroll/payslips/${benRow!.payslipId}/payslip.pdf`, amyUser)).status).toBe(403);
    expect((await get('/api/finance/payslips/mine', coordinator)).status).toBe(403);
  });
});

describe('the finance overview takes payroll costs', () => {
  it("adds last month's payroll (gross with mileage) to that month's expenses and takes it off net profit", async () => {
    const lastMonthEnd = addDays(`${londonToday().slice(0, 7)}-01`, -1);
    const before = ((await (await get('/api/finance/overview')).json()) as FinanceOverviewView).months.find(
      (month) => month.month === lastMonthEnd.slice(0, 7),
    )!;
    const service = new PayrollService(stack.command.store, stack.command.pool, {
      carerEmail: async () => null,
      carersToPay: async () => [
        { carerId: amyId, hourlyRatePence: 13_00, visits: [visit(lastMonthEnd, '09:00', 120, null, 100)] },
      ],
    });
    const result = await service.process(
      { periodStart: `${lastMonthEnd.slice(0, 7)}-01`, periodKind: 'month' },
      { userId: stack.command.admin.id, requestId: 'test' },
    );
    lastPosition = positionToToken(result.position!);
    const after = ((await (await get('/api/finance/overview')).json()) as FinanceOverviewView).months.find(
      (month) => month.month === lastMonthEnd.slice(0, 7),
    )!;
    // 2 h at £13.00 + 10 miles at the policy's 40p (set above).
    expect(after.expensesPence - before.expensesPence).toBe(26_00 + 4_00);
    expect(after.netProfitPence).toBe(before.netProfitPence - 30_00);
  });
});

describe('two admins processing the same period at once', () => {
  it('only one run pays it: the other is refused (a conflict on the payroll-periods stream, 409 over HTTP)', async () => {
    const service = new PayrollService(stack.command.store, stack.command.pool, {
      carerEmail: async () => null,
      carersToPay: async () => [
        { carerId: benId, hourlyRatePence: 11_00, visits: [visit('2026-01-06', '09:00', 60, null, null)] },
      ],
    });
    const run = () =>
      service.process(
        { periodStart: '2026-01-05', periodKind: 'week' },
        { userId: stack.command.admin.id, requestId: 'race' },
        '2026-02-01',
      );
    const results = await Promise.allSettled([run(), run(), run()]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as Error).name).toMatch(/WrongExpectedRevisionError|DomainError/);
    }
    const periods = (await stack.command.store.readStream('payroll-periods')).filter(
      (event) => (event.data as { periodStart: string }).periodStart === '2026-01-05',
    );
    expect(periods).toHaveLength(1);
  });
});
