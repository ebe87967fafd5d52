import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  comparePositions,
  londonTimeToInstant,
  londonToday,
  periodContaining,
  positionFromToken,
  positionToToken,
} from '@care/events';
import { createLogger } from '@care/events/server';
import { createFamilyUser, requester, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { AlertTaskLog } from '@care/projector/testing';
import { demoCarePlans, demoCarePlanTemplates } from '../../../scripts/demo/demo-care-plans';
import { demoContracts } from '../../../scripts/demo/demo-contracts';
import { demoDiaryEntries } from '../../../scripts/demo/demo-diary';
import { DEMO_FUNDERS } from '../../../scripts/demo/demo-finance';
import { demoIncidents } from '../../../scripts/demo/demo-incidents';
import { demoMedications } from '../../../scripts/demo/demo-medications';
import { DEMO_PAYROLL_POLICY, demoPayrollPeriods } from '../../../scripts/demo/demo-payroll';
import { demoTasks } from '../../../scripts/demo/demo-tasks';
import { demoTraining } from '../../../scripts/demo/demo-training';
// The command API's own helpers (scripts/ and the other read tests import across packages the same way).
import { ScheduledReportJob } from '../../../rules/src/reports/scheduled-report-job';
import { fakeWebm } from '../../../command-api/src/voice-notes/audio-samples.testing';
import { uploadVoiceNote } from '../../../command-api/src/voice-notes/voice-note-upload.testing';
import { createReadModelDb } from '@care/projector';
import { FINANCE_REPORTS } from '../finance/report-registry';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The API description against a product with real data in it: for every documented GET with path parameters, one
 * real value of each parameter (ids the product gave out, a report's key, a record's stream id) must fit the
 * parameter's documented schema, the route must answer 200, and its reply must match the documented response: a
 * JSON body through a JSON-schema validator reading the served document itself (not the zod schemas it was made
 * from), a file by its content type.
 */
const log = createLogger('test', 'silent');
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readUrl: string;
let carerUser: TestUser;
let familyUser: TestUser;
let lastPosition = '';
const real = new Map<string, string>();

interface Operation {
  readonly parameters?: readonly { readonly name: string; readonly in: string; readonly schema: object }[];
  readonly responses: Readonly<
    Record<string, { readonly content?: Readonly<Record<string, { readonly schema?: object }>> }>
  >;
}
interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, object>> };
}

beforeAll(async () => {
  const today = londonToday();
  const periods = demoPayrollPeriods(today, 28);
  const paidWeek = periods.at(-1)!;
  // Visit times typed in by hand, up to three weeks back (as the demo history is entered).
  stack = await startReadStack(inject('databaseUrl'), 'openapi_real', {
    command: { visitTimeRules: { checkInEarliestMinutes: 120, manualTimeMaxHoursBack: 24 * 21 } },
  });
  ({ command, readUrl } = stack);
  carerUser = await command.createUser('carer');
  const admin = command.admin;
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    user: TestUser = admin,
  ): Promise<{ id: string }> => {
    const reply = await user.request(method, path, body);
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    lastPosition = (reply.body as { position?: string } | null)?.position ?? lastPosition;
    return reply.body as { id: string };
  };

  const carer = await send('POST', '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia@example.org',
    employeeId: 'EMP-4001',
    startDate: '2024-03-01',
    hourlyRate: '14.50',
    userId: carerUser.id,
  });
  real.set('carer', carer.id);
  await send('PUT', `/api/carers/${carer.id}/working-pattern`, {
    weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
    contractedHoursPerWeek: null,
  });
  const client = await send('POST', '/api/clients', {
    clientId: 'CL-4001',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  real.set('client', client.id);
  real.set('training', (await send('POST', '/api/training', demoTraining([carer.id], today)[0]!.record)).id);
  const leaveDay = addDays(today, 200);
  real.set(
    'leave',
    (await send('POST', '/api/leave', { carerId: carer.id, kind: 'annual', from: leaveDay, to: leaveDay })).id,
  );
  real.set('diary', (await send('POST', '/api/diary', demoDiaryEntries([carer.id], [client.id], new Date())[0]!)).id);
  // A visit still without a carer, for the suggested carers.
  const openVisit = await send('POST', '/api/appointments', {
    clientId: client.id,
    scheduledStart: londonTimeToInstant(addDays(today, 10), '11:00'),
    durationMinutes: 30,
  });
  real.set('openVisit', openVisit.id);

  // A visit in the last whole week, done: paid by payroll and charged on an invoice.
  const day = addDays(paidWeek.periodStart, 2);
  const visit = await send('POST', '/api/appointments', {
    clientId: client.id,
    carerId: carer.id,
    scheduledStart: londonTimeToInstant(day, '09:00'),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: ['Wash'],
  });
  real.set('appointment', visit.id);
  const manual = { source: 'Manual', manualInputReason: 'Entered after the visit' };
  await send('POST', `/api/appointments/${visit.id}/check-in`, {
    ...manual,
    checkedInAt: londonTimeToInstant(day, '09:00'),
  });
  await send('POST', `/api/appointments/${visit.id}/check-out`, {
    ...manual,
    checkedOutAt: londonTimeToInstant(day, '10:00'),
    tasksCompleted: ['Wash'],
    medicationGiven: false,
  });

  const { id: coordinatorId } = await command.createUser('coordinator');
  real.set(
    'task',
    (
      await send(
        'POST',
        '/api/tasks',
        demoTasks({ coordinatorId, carerUserId: carerUser.id }, [carer.id], [client.id], new Date())[0]!.create,
      )
    ).id,
  );
  const templates = demoCarePlanTemplates();
  const templateIds = Object.fromEntries(
    await Promise.all(
      templates.map(async (template) => [
        template.kind,
        (await send('POST', '/api/care-plans/templates', template)).id,
      ]),
    ),
  );
  real.set(
    'carePlan',
    (
      await send(
        'POST',
        '/api/care-plans',
        demoCarePlans([{ id: client.id, firstName: 'Edith' }], templateIds, today)[0]!.create,
      )
    ).id,
  );
  real.set(
    'incident',
    (await send('POST', '/api/incidents', demoIncidents(coordinatorId, [carer.id], [client.id], new Date())[0]!.report))
      .id,
  );
  real.set(
    'prescription',
    (
      await send(
        'POST',
        '/api/medications',
        demoMedications([{ id: client.id, allergies: [] }], new Date())[0]!.prescribe,
      )
    ).id,
  );
  real.set('contract', (await send('POST', '/api/finance/contracts', demoContracts([client.id], today)[0]!)).id);
  real.set('export', (await send('POST', '/api/admin/exports', { eventLog: true, lists: ['carers'] })).id);
  // A family member of the client, invited with the medication summary shared, who accepted the mailed link.
  familyUser = await createFamilyUser(command, { clientId: client.id, shareMedications: true });
  real.set(
    'subjectAccess',
    (await send('POST', '/api/admin/subject-access', { subjectKind: 'client', subjectId: client.id, reference: null }))
      .id,
  );
  const note = await uploadVoiceNote(
    command.baseUrl,
    command.admin.cookie,
    { title: 'Visit note', duration: '12', clientId: client.id },
    { bytes: fakeWebm(3000), type: 'audio/webm' },
  );
  expect(note.status, note.text).toBe(201);
  real.set('voiceNote', note.body.id as string);

  // An alert as the rules process raises it (that process is not part of this stack).
  const alerts = new AlertTaskLog(command.store);
  real.set('alert', await alerts.raise({ clientId: client.id }));
  lastPosition = later(lastPosition, alerts.lastPosition);

  // Payroll and invoices work from the visits the read model lists: wait for it first.
  await send('PUT', '/api/finance/payroll/policy', DEMO_PAYROLL_POLICY);
  await readAfterAll();
  real.set('payrollRun', (await send('POST', '/api/finance/payroll/process', paidWeek)).id);
  const funder = DEMO_FUNDERS[0]!;
  const funderId = (await send('POST', '/api/finance/funders', funder.funder)).id;
  for (const rate of funder.rates) await send('POST', `/api/finance/funders/${funderId}/rates`, rate);
  await send('PUT', `/api/finance/clients/${client.id}/funding`, {
    effectiveFrom: paidWeek.periodStart,
    shares: [{ funderId, percent: 100 }],
  });
  const generated = (await send('POST', '/api/finance/invoices/generate', {
    periodStart: paidWeek.periodStart,
    periodEnd: addDays(paidWeek.periodStart, 6),
    issuedOn: today,
  })) as unknown as {
    invoices: { id: string }[];
  };
  real.set('invoice', generated.invoices[0]!.id);

  // A weekly report, generated as the rules process does once its week is due.
  real.set(
    'reportSchedule',
    (
      await send('POST', '/api/report-schedules', {
        name: 'Weekly overview',
        report: 'overview',
        format: 'pdf',
        frequency: 'weekly',
        region: '',
        carerId: '',
      })
    ).id,
  );
  await readAfterAll();
  const due = new Date(Date.parse(periodContaining('weekly', today).dueAt) + 60_000);
  const job = new ScheduledReportJob(
    { store: command.store, pool: stack.pool, db: createReadModelDb(stack.pool), logger: log },
    { intervalMs: 60_000, clock: () => due },
  );
  expect(await job.tick()).toBe(1);
  const [generatedRun] = (await command.store.readStream(`report-schedule-${real.get('reportSchedule')}`)).filter(
    (event) => event.type === 'ScheduledReportGenerated',
  );
  lastPosition = later(lastPosition, positionToToken(generatedRun!.position));
  await readAfterAll();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

/** The later of two position tokens (writes through the command API and straight to the store). */
const later = (a: string, b: string) =>
  a === '' ? b : b === '' ? a : comparePositions(positionFromToken(a)!, positionFromToken(b)!) >= 0 ? a : b;

/** A GET on the read API once every write so far is in the read model. */
const get = (path: string, user: TestUser = command.admin) =>
  requester(readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });

async function readAfterAll(): Promise<void> {
  const reply = await get('/api/carers?limit=1');
  expect(reply.status, reply.text).toBe(200);
}

/** Ids the read API lists for the kinds no command replies with. */
async function listedIds(): Promise<void> {
  const payslips = await get(`/api/finance/payroll/runs/${real.get('payrollRun')}/payslips`);
  real.set('payslip', (payslips.body as { payslipId: string }[])[0]!.payslipId);
  const schedules = await get('/api/report-schedules');
  real.set('reportRun', (schedules.body as { runs: { id: string }[] }[])[0]!.runs[0]!.id);
}

/** One real request for each documented GET with path parameters: its path, and who asks. */
function realRequests(): Readonly<Record<string, { readonly path: string; readonly user?: TestUser }>> {
  const id = (kind: string) => {
    const value = real.get(kind);
    if (!value) throw new Error(`no real ${kind} id`);
    return value;
  };
  const reportKey = FINANCE_REPORTS.find((report) => report.key === 'payroll-summary')!.key;
  const stream = `carer-${id('carer')}`;
  return {
    '/api/carers/{id}': { path: `/api/carers/${id('carer')}` },
    '/api/clients/{id}': { path: `/api/clients/${id('client')}` },
    '/api/training/{id}': { path: `/api/training/${id('training')}` },
    '/api/leave/{id}': { path: `/api/leave/${id('leave')}` },
    '/api/carers/{id}/working-pattern': { path: `/api/carers/${id('carer')}/working-pattern` },
    '/api/diary/{id}': { path: `/api/diary/${id('diary')}` },
    '/api/diary/{id}/history': { path: `/api/diary/${id('diary')}/history` },
    '/api/voice-notes/{id}/audio': { path: `/api/voice-notes/${id('voiceNote')}/audio` },
    '/api/finance/invoices/{id}': { path: `/api/finance/invoices/${id('invoice')}` },
    '/api/finance/invoices/{id}/invoice.pdf': { path: `/api/finance/invoices/${id('invoice')}/invoice.pdf` },
    '/api/finance/contracts/{id}': { path: `/api/finance/contracts/${id('contract')}` },
    '/api/finance/contracts/{id}/contract.pdf': { path: `/api/finance/contracts/${id('contract')}/contract.pdf` },
    '/api/finance/reports/{key}/report.pdf': { path: `/api/finance/reports/${reportKey}/report.pdf` },
    '/api/finance/reports/{key}/report.csv': { path: `/api/finance/reports/${reportKey}/report.csv` },
    '/api/finance/payroll/runs/{runId}/payslips': { path: `/api/finance/payroll/runs/${id('payrollRun')}/payslips` },
    '/api/finance/payroll/runs/{runId}/payroll.csv': {
      path: `/api/finance/payroll/runs/${id('payrollRun')}/payroll.csv`,
    },
    '/api/finance/payroll/payslips/{id}/payslip.pdf': {
      path: `/api/finance/payroll/payslips/${id('payslip')}/payslip.pdf`,
    },
    '/api/finance/payslips/mine/{id}/payslip.pdf': {
      path: `/api/finance/payslips/mine/${id('payslip')}/payslip.pdf`,
      user: carerUser,
    },
    '/api/appointments/{id}': { path: `/api/appointments/${id('appointment')}` },
    '/api/appointments/{id}/history': { path: `/api/appointments/${id('appointment')}/history` },
    '/api/rota/suggestions/{appointmentId}': { path: `/api/rota/suggestions/${id('openVisit')}` },
    '/api/alerts/{id}': { path: `/api/alerts/${id('alert')}` },
    '/api/incidents/{id}': { path: `/api/incidents/${id('incident')}` },
    '/api/incidents/{id}/report.pdf': { path: `/api/incidents/${id('incident')}/report.pdf` },
    '/api/tasks/{id}': { path: `/api/tasks/${id('task')}` },
    '/api/care-plans/{id}': { path: `/api/care-plans/${id('carePlan')}` },
    '/api/care-plans/{id}/pdf': { path: `/api/care-plans/${id('carePlan')}/pdf` },
    '/api/care-plans/{id}/diff': { path: `/api/care-plans/${id('carePlan')}/diff?from=1&to=1` },
    '/api/medications/{id}/history': { path: `/api/medications/${id('prescription')}/history` },
    '/api/report-runs/{id}/file': { path: `/api/report-runs/${id('reportRun')}/file` },
    '/api/audit/records/{streamId}': { path: `/api/audit/records/${stream}` },
    '/api/audit/records/{streamId}/timeline': { path: `/api/audit/records/${stream}/timeline` },
    '/api/audit/records/{streamId}/compare': {
      path: `/api/audit/records/${stream}/compare?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`,
    },
    '/api/audit/records/{streamId}/timeline.pdf': { path: `/api/audit/records/${stream}/timeline.pdf` },
    '/api/audit/records/{streamId}/as-of.pdf': { path: `/api/audit/records/${stream}/as-of.pdf` },
    '/api/audit/clients/{id}/file': { path: `/api/audit/clients/${id('client')}/file` },
    '/api/audit/clients/{id}/file.pdf': { path: `/api/audit/clients/${id('client')}/file.pdf` },
    '/api/admin/exports/{id}/archive': { path: `/api/admin/exports/${id('export')}/archive` },
    '/api/admin/subject-access/{id}/export.json': {
      path: `/api/admin/subject-access/${id('subjectAccess')}/export.json`,
    },
    '/api/clients/{id}/family': { path: `/api/clients/${id('client')}/family` },
    '/api/family/clients/{clientId}/visits': { path: `/api/family/clients/${id('client')}/visits`, user: familyUser },
    '/api/family/clients/{clientId}/medications': {
      path: `/api/family/clients/${id('client')}/medications`,
      user: familyUser,
    },
    '/api/family/clients/{clientId}/concerns': {
      path: `/api/family/clients/${id('client')}/concerns`,
      user: familyUser,
    },
    '/api/family/clients/{clientId}/care-plan': {
      path: `/api/family/clients/${id('client')}/care-plan`,
      user: familyUser,
    },
    '/api/admin/subject-access/{id}/export.pdf': {
      path: `/api/admin/subject-access/${id('subjectAccess')}/export.pdf`,
    },
  };
}

/** The path parameters of a real path, by the documented template (`/api/carers/{id}` and `/api/carers/…`). */
function pathParameters(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => (names.push(name), '([^/?]+)'))}(?:\\?.*)?$`,
  );
  const match = pattern.exec(path);
  if (!match) throw new Error(`${path} does not fit ${template}`);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

describe('every documented GET with path parameters, on real data', () => {
  it('takes each real parameter value, answers 200, and replies as its documented response says', async () => {
    await listedIds();
    const served = await get('/api/openapi.json');
    expect(served.status).toBe(200);
    const document = served.body as OpenApiDocument;
    // The document's schemas refer to each other as #/components/schemas/<Name>: give the validator them as $defs.
    const defs = JSON.parse(
      JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
    ) as Record<string, object>;
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    // zod writes a text's fixed start as this format beside its pattern, which is what checks it.
    ajv.addFormat('starts_with', true);
    const validator = (schema: object): ValidateFunction =>
      ajv.compile({
        ...(JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as object),
        $defs: defs,
      });

    const requests = realRequests();
    const documented = Object.entries(document.paths).flatMap(([template, operations]) =>
      operations.get && template.includes('{') ? [[template, operations.get] as const] : [],
    );
    expect(Object.keys(requests).sort()).toEqual(documented.map(([template]) => template).sort());

    const problems: string[] = [];
    for (const [template, operation] of documented) {
      const { path, user } = requests[template]!;
      const values = pathParameters(template, path);
      for (const parameter of operation.parameters?.filter((candidate) => candidate.in === 'path') ?? []) {
        const check = validator(parameter.schema);
        if (!check(values[parameter.name]))
          problems.push(
            `${template}: the real ${parameter.name} ${values[parameter.name]} does not fit its schema: ${ajv.errorsText(check.errors)}`,
          );
      }
      const reply = await get(path, user);
      if (reply.status !== 200) {
        problems.push(`${template}: ${path} answered ${reply.status} ${reply.text.slice(0, 200)}`);
        continue;
      }
      const content = operation.responses['200']?.content ?? {};
      const contentType = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const documentedTypes = Object.keys(content);
      if (
        !documentedTypes.some(
          (type) => type === contentType || (type.endsWith('/*') && contentType.startsWith(type.slice(0, -1))),
        )
      ) {
        problems.push(`${template}: replied ${contentType}, documented ${documentedTypes.join(', ')}`);
        continue;
      }
      const schema = content['application/json']?.schema;
      if (contentType === 'application/json' && schema) {
        const check = validator(schema);
        if (!check(reply.body))
          problems.push(`${template}: the reply does not match its documented schema: ${ajv.errorsText(check.errors)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
