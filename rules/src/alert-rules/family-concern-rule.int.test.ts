import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alertAudienceOf, alertStreamId, parseRecordedEvent } from '@care/events';
import { createLogger } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createFamilyUser, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { alertIdFor } from '@care/command-api';
import { ALERT_RULES } from './registry';
import { RuleRunner } from './rule-runner';

/**
 * The family-concern rule following the log: a family member's concern raises a high alert for the care team that
 * names no carer (so no carer reads it), the office's reply resolves it by the system, and a compliment raises none.
 */
const log = createLogger('test', (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let runner: RuleRunner;
let family: TestUser & { clientId: string };

async function history(subject: string) {
  const events = (await api.store.readStream(alertStreamId(alertIdFor('family-concern', subject)))).map(
    parseRecordedEvent,
  );
  return events.map((event) => ({ type: event.type, ...(event.data as Record<string, unknown>) }));
}
const types = async (subject: string) => (await history(subject)).map((row) => row.type);

async function raise(kind: 'concern' | 'compliment', text: string): Promise<string> {
  const reply = await family.request('POST', `/api/family/clients/${family.clientId}/concerns`, { kind, text });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'family_concern_rule');
  pool = new pg.Pool({ connectionString: database.url, max: 10 });
  api = await startCommandApiOn(database.url);
  family = await createFamilyUser(api);
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

describe('the family-concern alert rule', () => {
  it('raises a high care alert naming no carer for a concern, resolved by the reply; a compliment raises none', async () => {
    // The compliment first: once the later concern's alert is raised, the runner has looked at the compliment too.
    const compliment = await raise('compliment', 'Sam is wonderful with Mum.');
    const concern = await raise('concern', 'Mum had no lunch on Tuesday.');
    await expect.poll(() => types(concern)).toEqual(['AlertRaised']);
    const [raised] = await history(concern);
    expect(raised).toMatchObject({
      rule: 'family-concern',
      severity: 'high',
      title: 'Concern raised by family',
      carerId: null,
      clientId: family.clientId,
      relatedKind: 'client',
    });
    // What the family member wrote stays on the concern, out of the alert.
    expect(JSON.stringify(raised)).not.toContain('lunch');
    expect(alertAudienceOf('family-concern')).toBe('care');
    expect(await types(compliment)).toEqual([]);

    const replied = await api.request('POST', `/api/family-concerns/${concern}/reply`, { reply: 'We are sorry.' });
    expect(replied.status, replied.text).toBe(200);
    await expect.poll(() => types(concern)).toEqual(['AlertRaised', 'AlertResolved']);
    expect((await history(concern))[1]).toMatchObject({ by: 'system', note: 'The office replied to the family' });
  });
});
