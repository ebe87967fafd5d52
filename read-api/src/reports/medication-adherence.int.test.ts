import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday, type QualityMetric } from '@care/events';
import { AlertScenario } from '../../testing/alert-scenario';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The Quality tab's medication adherence, from the medication records, hand-counted: one 08:00 dose a day over
 * three past days, recorded as taken, refused and not required.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;
const today = londonToday();
const first = addDays(today, -3);
const last = addDays(today, -1);

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'report_medication_adherence');
  s = new AlertScenario(stack);
  await s.people();
  const { id } = await s.send('POST', '/api/medications', {
    clientId: s.clientId,
    name: 'Paracetamol',
    strength: '500mg',
    form: 'tablet',
    route: 'oral',
    dosage: '1 tablet',
    frequency: 'Once daily',
    doseTimes: ['08:00'],
    timeCritical: false,
    prescribedBy: 'Dr Anita Rao',
    startDate: first,
  });
  const dose = (date: string) => londonTimeToInstant(date, '08:00');
  await s.send('POST', `/api/medications/${id}/administrations`, {
    dueAt: dose(first),
    code: 'T',
    administeredAt: dose(first),
  });
  await s.send('POST', `/api/medications/${id}/administrations`, {
    dueAt: dose(addDays(first, 1)),
    code: 'R',
    reason: 'Did not want it today',
    administeredAt: dose(addDays(first, 1)),
  });
  await s.send('POST', `/api/medications/${id}/administrations`, {
    dueAt: dose(last),
    code: 'NR',
    reason: 'Out with family',
    administeredAt: dose(last),
  });
}, 180_000);
afterAll(async () => stack?.stop());

async function adherence(query: string): Promise<QualityMetric | undefined> {
  const reply = await s.read(`/api/reports/quality?range=custom&from=${first}&to=${last}${query}`);
  expect(reply.status).toBe(200);
  return (reply.body as { metrics: QualityMetric[] }).metrics.find((metric) => metric.key === 'medication');
}

describe('medication adherence on the Quality tab', () => {
  it('counts given ÷ due, leaving out "not required" doses', async () => {
    expect(await adherence('')).toMatchObject({ value: 50, numerator: 1, denominator: 2 });
  });

  it('says why there is no figure for one carer or region instead of guessing one', async () => {
    const metric = await adherence(`&carerId=${s.carerIdA}`);
    expect(metric).toMatchObject({ value: null, empty: expect.stringContaining('kept per client') });
  });
});
