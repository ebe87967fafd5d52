import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  addDays,
  DEFAULT_NOTIFICATION_CHOICES,
  londonClock,
  londonToday,
  londonWallClockOf,
  ukDate,
  type EventStore,
  type NotificationChoice,
} from '@care/events';
import { recordJobRun } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { agencySettings, enqueueMail } from '@care/command-api';

/** Reminders go out from this London hour on the evening before the visits. */
export const REMINDER_HOUR = 18;

export interface NotificationDeps {
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly store: EventStore;
}

/** A person's own choice (set on /settings) for a kind of notification; accounts that never chose get the default (on). */
async function usersWhoChose(
  db: Kysely<ReadModelDatabase>,
  userIds: readonly string[],
  choice: NotificationChoice,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select(['id', 'notification_choices'])
    .where('id', 'in', userIds)
    .execute();
  return new Set(
    rows
      .filter((row) => ({ ...DEFAULT_NOTIFICATION_CHOICES, ...(row.notification_choices ?? {}) })[choice])
      .map((row) => row.id),
  );
}

/**
 * Appointment reminders: from 18:00 London, each carer with visits tomorrow gets one email listing them, once (the
 * dedupe key is the carer and the date). Only when the agency's setting is on, and the carer (if they have an
 * account) has not turned reminders off for themselves.
 */
export async function runAppointmentReminders(deps: NotificationDeps, now: Date = new Date()): Promise<number> {
  const settings = await agencySettings(deps.store);
  if (!settings.appointmentReminders) {
    await recordJobRun(deps.pool, 'appointment-reminders', 'ok', 'Off in the settings: nothing sent');
    return 0;
  }
  if (Number(londonWallClockOf(now).slice(11, 13)) < REMINDER_HOUR) {
    await recordJobRun(deps.pool, 'appointment-reminders', 'ok', `Waiting for ${REMINDER_HOUR}:00`);
    return 0;
  }
  const tomorrow = addDays(londonToday(now), 1);
  const visits = await deps.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments as a')
    .innerJoin('carers as c', 'c.id', 'a.carer_id')
    .leftJoin('appointment_client_names as n', 'n.id', 'a.client_id')
    .select([
      'a.carer_id',
      'a.scheduled_start',
      'a.visit_type',
      'c.email',
      'c.first_name',
      'c.user_id',
      'n.first_name as client_first',
      'n.last_name as client_last',
      'n.address',
    ])
    .where('a.date', '=', tomorrow)
    .where('a.status', '=', 'scheduled')
    .where('c.is_active', '=', true)
    .orderBy('a.scheduled_start')
    .execute();
  const opted = await usersWhoChose(
    deps.db,
    [...new Set(visits.map((visit) => visit.user_id).filter((id): id is string => id !== null))],
    'appointmentReminders',
  );
  const byCarer = new Map<string, typeof visits>();
  for (const visit of visits) byCarer.set(visit.carer_id!, [...(byCarer.get(visit.carer_id!) ?? []), visit]);
  let queued = 0;
  for (const [carerId, list] of byCarer) {
    const first = list[0]!;
    if (first.user_id !== null && !opted.has(first.user_id)) continue;
    const lines = list.map((visit) =>
      `${londonClock(visit.scheduled_start)}  ${visit.client_first ?? ''} ${visit.client_last ?? ''} (${visit.visit_type}), ${visit.address ?? ''}`.trim(),
    );
    const added = await enqueueMail(deps.pool, {
      kind: 'appointment-reminder',
      to: first.email,
      subject: `Your visits tomorrow, ${ukDate(tomorrow)}`,
      text: `Hello ${first.first_name},\n\nYou have ${list.length} ${list.length === 1 ? 'visit' : 'visits'} tomorrow (${ukDate(tomorrow)}):\n\n${lines.join('\n')}\n\nPlease check the app before you set off: times can change.\n`,
      dedupeKey: `appointment-reminder:${carerId}:${tomorrow}`,
    });
    if (added) queued += 1;
  }
  await recordJobRun(deps.pool, 'appointment-reminders', 'ok', `${queued} queued for ${ukDate(tomorrow)}`);
  return queued;
}

/**
 * Training expiry notices: 30 days before a certificate expires and on the day, to the carer and to every active
 * coordinator who has not turned these emails off, once each (dedupe key: record, expiry, which notice, recipient).
 * Only when the agency's setting is on. A certificate that expired over a week ago is history, not news.
 */
export async function runTrainingExpiryNotices(deps: NotificationDeps, now: Date = new Date()): Promise<number> {
  const settings = await agencySettings(deps.store);
  if (!settings.trainingExpiryEmails) {
    await recordJobRun(deps.pool, 'training-expiry-notices', 'ok', 'Off in the settings: nothing sent');
    return 0;
  }
  const today = londonToday(now);
  const scoped = deps.db.withSchema(READ_MODEL_SCHEMA);
  const records = await scoped
    .selectFrom('training_records as t')
    .innerJoin('carers as c', 'c.id', 't.carer_id')
    .select(['t.id', 't.training_type', 't.expiry_date', 'c.email', 'c.first_name', 'c.last_name', 'c.user_id'])
    .where('c.is_active', '=', true)
    .where('t.expiry_date', '>=', addDays(today, -7))
    .where('t.expiry_date', '<=', addDays(today, 30))
    .execute();
  const coordinators = await scoped
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'coordinator')
    .where('is_active', '=', true)
    .execute();
  const opted = await usersWhoChose(
    deps.db,
    [
      ...coordinators.map((user) => user.id),
      ...records.map((record) => record.user_id).filter((id): id is string => id !== null),
    ],
    'trainingExpiryEmails',
  );
  let queued = 0;
  for (const record of records) {
    const expiry = record.expiry_date!;
    const notice = expiry <= today ? 'expired' : '30-days';
    const what = `${record.training_type.replaceAll('_', ' ')} training`;
    const subject =
      notice === 'expired'
        ? `Training expired: ${what} of ${record.first_name} ${record.last_name}`
        : `Training expires on ${ukDate(expiry)}: ${what} of ${record.first_name} ${record.last_name}`;
    const text = `${notice === 'expired' ? `The ${what} certificate of ${record.first_name} ${record.last_name} expired on ${ukDate(expiry)}.` : `The ${what} certificate of ${record.first_name} ${record.last_name} expires on ${ukDate(expiry)}, within 30 days.`}\n\nPlease book a renewal and record it on the Training screen.\n`;
    const recipients = [
      ...(record.user_id === null || opted.has(record.user_id) ? [record.email] : []),
      ...coordinators.filter((user) => opted.has(user.id)).map((user) => user.email),
    ];
    for (const to of new Set(recipients)) {
      if (
        await enqueueMail(deps.pool, {
          kind: 'training-expiry',
          to,
          subject,
          text,
          dedupeKey: `training-expiry:${record.id}:${expiry}:${notice}:${to.toLowerCase()}`,
        })
      )
        queued += 1;
    }
  }
  await recordJobRun(deps.pool, 'training-expiry-notices', 'ok', `${queued} queued`);
  return queued;
}

/**
 * Maintenance alerts to administrators: a stalled projection (a list stopped updating) or a service process that
 * stopped beating. Once per stall (its event) and per silent instance. Only when the agency's setting is on.
 */
export async function runMaintenanceAlerts(deps: NotificationDeps): Promise<number> {
  const settings = await agencySettings(deps.store);
  if (!settings.maintenanceAlerts) return 0;
  const scoped = deps.db.withSchema(READ_MODEL_SCHEMA);
  const [stalled, admins, down] = await Promise.all([
    scoped
      .selectFrom('projection_status')
      .select(['name', 'stalled_event_id', 'stalled_error'])
      .where('state', '=', 'stalled')
      .execute(),
    scoped
      .selectFrom('users')
      .select(['id', 'email'])
      .where('role', '=', 'admin')
      .where('is_active', '=', true)
      .execute(),
    deps.pool
      .query<{ instance_id: string; service: string; host: string; beat_at: Date }>(
        `SELECT instance_id, service, host, beat_at FROM ops.service_heartbeats
          WHERE stopped_at IS NULL AND beat_at < now() - interval '15 seconds' AND beat_at > now() - interval '1 day'`,
      )
      .then((result) => result.rows)
      .catch(() => []),
  ]);
  const opted = await usersWhoChose(
    deps.db,
    admins.map((admin) => admin.id),
    'maintenanceAlerts',
  );
  const notices = [
    ...stalled.map((row) => ({
      key: `stalled:${row.name}:${row.stalled_event_id ?? ''}`,
      subject: `The ${row.name} list has stopped updating`,
      text: `The ${row.name} projection stopped at an event it cannot apply: ${row.stalled_error ?? 'unknown error'}.\n\nOpen Admin Panel > System Status to see the event and skip it with a reason, or restart the projector after a fix.\n`,
    })),
    ...down.map((row) => ({
      key: `down:${row.instance_id}`,
      subject: `A service is down: ${row.service}`,
      text: `The ${row.service} process on ${row.host} last reported at ${londonWallClockOf(row.beat_at).replace('T', ' ')} (London time) and has been silent since.\n\nSee Admin Panel > System Status.\n`,
    })),
  ];
  let queued = 0;
  for (const notice of notices) {
    for (const admin of admins.filter((user) => opted.has(user.id))) {
      if (
        await enqueueMail(deps.pool, {
          kind: 'maintenance-alert',
          to: admin.email,
          subject: notice.subject,
          text: notice.text,
          dedupeKey: `maintenance:${notice.key}:${admin.id}`,
        })
      )
        queued += 1;
    }
  }
  return queued;
}
