import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  alertStreamId,
  AGENCY_SETTINGS_STREAM,
  DEFAULT_AGENCY_SETTINGS,
  parseRecordedEvent,
  RULES_USER,
  type EventStore,
} from '@care/events';
import { createLogger } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { AlertService, ensureMailSchema, MAIL_SCHEMA } from '@care/command-api';
import { runAlertEscalations, type EscalationDeps } from './alert-escalation-job';

const log = createLogger('test', 'silent');
const PUBLIC_URL = 'https://care.example.org';
const ON_CALL = 'on-call@agency.example';
const MINUTE = 60_000;
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;
let deps: EscalationDeps;
let admins: string[];

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'escalation');
  pool = new pg.Pool({ connectionString: database.url, max: 8 });
  await ensureMailSchema(pool);
  api = await startCommandApiOn(database.url);
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
  deps = { store: api.store, pool, db: createReadModelDb(pool), logger: log };
  const second = await api.createUser('admin');
  await api.createUser('coordinator');
  admins = [api.admin.email, second.email].map((email) => email.toLowerCase()).sort();
  // The job reads the accounts from the read model: wait until it holds both administrators.
  await vi.waitFor(
    async () => {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM ${READ_MODEL_SCHEMA}.users WHERE role = 'admin'`,
      );
      expect(rows[0].n).toBe(2);
    },
    { timeout: 20_000, interval: 50 },
  );
}, 60_000);

afterAll(async () => {
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

async function saveSettings(changes: Partial<typeof DEFAULT_AGENCY_SETTINGS>) {
  const reply = await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, ...changes });
  expect(reply.status, reply.text).toBe(200);
}

/** A critical alert raised now, as the rule runner raises one; answers its id and when it was raised. */
async function raiseCritical(): Promise<{ id: string; raisedAt: number }> {
  const subject = randomUUID();
  const raised = await new AlertService(api.store).raise(
    {
      rule: 'visit-missed',
      subject,
      severity: 'critical',
      title: 'Visit missed: Edith Green',
      description: 'Nobody checked in to the 09:00 visit of Edith Green.',
      relatedKind: 'appointment',
      relatedId: subject,
      carerId: null,
      clientId: null,
      appointmentId: null,
      actionRequired: 'Call the carer and the client',
      dueDate: null,
    },
    { userId: RULES_USER, requestId: randomUUID() },
  );
  const [event] = await api.store.readStream(alertStreamId(raised.alertId));
  await expect
    .poll(
      async () =>
        (await pool.query(`SELECT id FROM ${READ_MODEL_SCHEMA}.alerts WHERE id = $1`, [raised.alertId])).rowCount,
    )
    .toBe(1);
  return { id: raised.alertId, raisedAt: Date.parse(parseRecordedEvent(event!).metadata.occurredAt) };
}

const mailsOf = async (alertId: string) =>
  (
    await pool.query<{ recipient: string; subject: string; body: string }>(
      `SELECT recipient, subject, body FROM ${MAIL_SCHEMA}.outbox
        WHERE kind = 'alert-escalation' AND dedupe_key LIKE $1 ORDER BY recipient`,
      [`alert-escalation:${alertId}:%`],
    )
  ).rows;

const escalationsOf = async (store: EventStore, alertId: string) =>
  (await store.readStream(alertStreamId(alertId)))
    .map(parseRecordedEvent)
    .filter((event) => event.type === 'AlertEscalationSent')
    .map((event) => event.data);

/** Two rules processes running the job at the same instant: answers how many steps they recorded between them. */
const twoRunsAt = async (at: number) =>
  (
    await Promise.all([
      runAlertEscalations(deps, { publicUrl: PUBLIC_URL }, new Date(at)),
      runAlertEscalations(deps, { publicUrl: PUBLIC_URL }, new Date(at)),
    ])
  ).reduce((sum, recorded) => sum + recorded, 0);

describe('escalation of alerts nobody acknowledges', () => {
  it('a critical alert unacknowledged for 15 minutes is mailed once to the on-call contact, at 30 minutes once to each administrator, under two job runs at once', async () => {
    await saveSettings({ onCallEmail: ON_CALL });
    const alert = await raiseCritical();

    expect(await twoRunsAt(alert.raisedAt + 14 * MINUTE)).toBe(0);
    expect(await mailsOf(alert.id)).toEqual([]);

    expect(await twoRunsAt(alert.raisedAt + 15 * MINUTE)).toBe(1);
    const [onCall, ...noMore] = await mailsOf(alert.id);
    expect(noMore).toEqual([]);
    expect(onCall).toMatchObject({ recipient: ON_CALL, subject: 'Not acknowledged: Visit missed: Edith Green' });
    expect(onCall!.body).toContain('Critical alert not acknowledged for 15 minutes.');
    expect(onCall!.body).toContain('Nobody checked in to the 09:00 visit of Edith Green.');
    expect(onCall!.body).toContain(`${PUBLIC_URL}/alerts`);
    expect(await escalationsOf(api.store, alert.id)).toEqual([
      {
        id: alert.id,
        step: 1,
        audience: 'on-call',
        recipients: [ON_CALL],
        reason: 'Critical alert not acknowledged for 15 minutes',
      },
    ]);

    // Later runs before 30 minutes send nothing more.
    expect(await twoRunsAt(alert.raisedAt + 29 * MINUTE)).toBe(0);
    expect(await mailsOf(alert.id)).toHaveLength(1);

    expect(await twoRunsAt(alert.raisedAt + 30 * MINUTE)).toBe(1);
    expect((await mailsOf(alert.id)).map((mail) => mail.recipient)).toEqual([...admins, ON_CALL].sort());
    const steps = await escalationsOf(api.store, alert.id);
    expect(steps.map(({ step, audience, recipients }) => ({ step, audience, recipients }))).toEqual([
      { step: 1, audience: 'on-call', recipients: [ON_CALL] },
      { step: 2, audience: 'administrators', recipients: admins },
    ]);
    expect(steps[1]!.reason).toBe('Critical alert not acknowledged for 30 minutes');

    // Nothing is left to send, however late.
    expect(await twoRunsAt(alert.raisedAt + 600 * MINUTE)).toBe(0);
    expect(await mailsOf(alert.id)).toHaveLength(3);

    // The alert's row lists both steps with their audiences (what the detail's "Escalated to …" lines read).
    await expect
      .poll(async () =>
        (
          await pool.query<{ escalations: { step?: number; audience?: string }[] }>(
            `SELECT escalations FROM ${READ_MODEL_SCHEMA}.alerts WHERE id = $1`,
            [alert.id],
          )
        ).rows[0]!.escalations.map(({ step, audience }) => ({ step, audience })),
      )
      .toEqual([
        { step: 1, audience: 'on-call' },
        { step: 2, audience: 'administrators' },
      ]);
  });

  it('acknowledged before 15 minutes, a critical alert is never escalated', async () => {
    await saveSettings({ onCallEmail: ON_CALL });
    const alert = await raiseCritical();
    const acknowledged = await api.request('POST', `/api/alerts/${alert.id}/acknowledge`, {});
    expect(acknowledged.status, acknowledged.text).toBe(200);
    await expect
      .poll(
        async () =>
          (await pool.query(`SELECT status FROM ${READ_MODEL_SCHEMA}.alerts WHERE id = $1`, [alert.id])).rows[0].status,
      )
      .toBe('acknowledged');

    expect(await twoRunsAt(alert.raisedAt + 15 * MINUTE)).toBe(0);
    expect(await twoRunsAt(alert.raisedAt + 60 * MINUTE)).toBe(0);
    expect(await mailsOf(alert.id)).toEqual([]);
    expect(await escalationsOf(api.store, alert.id)).toEqual([]);
  });

  it('with no on-call email, the first step goes to the administrators and says so', async () => {
    await saveSettings({ onCallEmail: null });
    const alert = await raiseCritical();

    expect(await twoRunsAt(alert.raisedAt + 15 * MINUTE)).toBe(1);
    expect((await mailsOf(alert.id)).map((mail) => mail.recipient)).toEqual(admins);
    expect(await escalationsOf(api.store, alert.id)).toEqual([
      {
        id: alert.id,
        step: 1,
        audience: 'administrators',
        recipients: admins,
        reason:
          'Critical alert not acknowledged for 15 minutes; no on-call email is set, so it went to the administrators',
      },
    ]);
  });

  it('a crash between the mail and the event: the next run records the step and mails nobody twice', async () => {
    await saveSettings({ onCallEmail: ON_CALL });
    const alert = await raiseCritical();
    // A process that queues the mail and dies before its append reaches the store.
    const crashing = new Proxy(api.store, {
      get: (target, property) => {
        if (property === 'append') return () => Promise.reject(new Error('the process died'));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(
      runAlertEscalations(
        { ...deps, store: crashing },
        { publicUrl: PUBLIC_URL },
        new Date(alert.raisedAt + 15 * MINUTE),
      ),
    ).rejects.toThrow('the process died');
    expect(await mailsOf(alert.id)).toHaveLength(1);
    expect(await escalationsOf(api.store, alert.id)).toEqual([]);

    expect(await twoRunsAt(alert.raisedAt + 16 * MINUTE)).toBe(1);
    expect((await mailsOf(alert.id)).map((mail) => mail.recipient)).toEqual([ON_CALL]);
    expect((await escalationsOf(api.store, alert.id)).map((step) => step.step)).toEqual([1]);
  });
});

describe('the escalation settings', () => {
  it('are whole minutes from 1 to 1,440: anything else is 400 naming the field, and nothing is appended', async () => {
    const before = (await api.store.readStream(AGENCY_SETTINGS_STREAM)).length;
    for (const [field, value] of [
      ['escalateCriticalMinutes', 0],
      ['escalateCriticalMinutes', 1441],
      ['escalateCriticalMinutes', 7.5],
      ['escalateHighMinutes', '60'],
      ['escalateHighMinutes', null],
    ] as const) {
      const reply = await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, [field]: value });
      expect(reply.status, `${field} ${String(value)}`).toBe(400);
      expect(Object.keys(reply.body.fields)).toEqual([field]);
      expect(reply.body.fields[field]).toMatch(/must be a whole number of minutes from 1 to 1,440/);
    }
    expect((await api.store.readStream(AGENCY_SETTINGS_STREAM)).length).toBe(before);

    await saveSettings({ escalateCriticalMinutes: 1440, escalateHighMinutes: 1 });
    const saved = await api.store.readStream(AGENCY_SETTINGS_STREAM);
    expect(parseRecordedEvent(saved.at(-1)!).data).toMatchObject({
      changes: { escalateCriticalMinutes: 1440, escalateHighMinutes: 1 },
    });
    await saveSettings({});
  });
});
