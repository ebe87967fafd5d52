import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  ALERT_SEVERITIES,
  alertStreamId,
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  londonToday,
  RULES_USER,
  TASK_CATEGORIES,
  taskStreamId,
  type DashboardStats,
  type DomainEvent,
  type NewEvent,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { now, percentile, round } from './stats';
import { startServices, type Services } from './services';

export interface DashboardStatsFigures {
  dashboardStatsP50Ms: number;
  dashboardStatsP99Ms: number;
}

const VISITS = 100_000;
const CARERS = 60;
const CLIENTS = 400;
const FIRST_DAY = -90;
const DAYS = 120;
const VISITS_PER_DAY = Math.ceil(VISITS / DAYS);
/** 5,000 alerts nobody acknowledged, beside 1,000 acknowledged and 2,000 resolved. */
const ACTIVE_ALERTS = 5_000;
const ACKNOWLEDGED_ALERTS = 1_000;
const RESOLVED_ALERTS = 2_000;
const TASKS = 3_000;
const WARM_UP = 20;
const REQUESTS = 300;

/** An alert raised by the rule runner about a carer's visit, then (by `fate`) acknowledged or resolved. */
function alertEvents(n: number, carerIds: readonly string[], fate: 'active' | 'acknowledged' | 'resolved'): Append {
  const id = uuidv7();
  const raised: DomainEvent = {
    type: 'AlertRaised',
    data: {
      id,
      rule: 'visit_late',
      subject: id,
      severity: ALERT_SEVERITIES[n % ALERT_SEVERITIES.length]!,
      title: 'Visit running late',
      description: 'Nobody has checked in 15 minutes after the planned start.',
      relatedKind: 'appointment',
      relatedId: id,
      carerId: n % 10 === 0 ? null : carerIds[n % carerIds.length]!,
      clientId: null,
      appointmentId: null,
      actionRequired: null,
      dueDate: null,
    },
  };
  const raisedEvent = stamped(raised);
  const events: NewEvent[] = [{ ...raisedEvent, metadata: { ...raisedEvent.metadata, userId: RULES_USER } }];
  if (fate === 'acknowledged') events.push(stamped({ type: 'AlertAcknowledged', data: { id, note: null } }));
  if (fate === 'resolved')
    events.push(stamped({ type: 'AlertResolved', data: { id, by: 'system', note: 'Checked in' } }));
  return { streamId: alertStreamId(id), events };
}

/** A to-do task; two in three still open, one in four of those past due. */
function taskEvents(n: number, carerIds: readonly string[]): Append {
  const id = uuidv7();
  const created: DomainEvent = {
    type: 'TaskCreated',
    data: {
      id,
      title: 'Follow up',
      description: null,
      type: 'follow_up',
      category: TASK_CATEGORIES[n % TASK_CATEGORIES.length]!,
      priority: 'medium',
      dueDate: new Date(Date.now() + (n % 4 === 0 ? -1 : 1) * 86_400_000).toISOString(),
      clientId: null,
      carerId: carerIds[n % carerIds.length]!,
      appointmentId: null,
      assignedTo: null,
      alertId: null,
    },
  };
  const events = [stamped(created)];
  if (n % 3 === 0)
    events.push(stamped({ type: 'TaskCompleted', data: { id, completedAt: new Date().toISOString(), notes: null } }));
  return { streamId: taskStreamId(id), events };
}

/**
 * GET /api/dashboard/stats as an administrator (every figure agency-wide) at 100,000 visits (past ones checked in
 * and out, half of those rated by the client), 5,000 active alerts among 8,000, and 3,000 tasks: the log is loaded
 * into the store, replayed into the read model, then the figures are read over HTTP.
 */
export async function measureDashboardStats(url: string): Promise<DashboardStatsFigures> {
  const services = await startServices(url);
  try {
    await loadAgency(services);
    return await sampleStats(services);
  } finally {
    await services.close();
  }
}

/** The agency's log loaded into the store and replayed into the read model (not measured). */
export async function loadAgency(services: Services): Promise<void> {
  {
    const today = londonToday();
    const nowMs = Date.now();
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    await load(services.pool, [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 60_000 + n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ]);
    const visits: Append[] = [];
    for (let n = 0; n < VISITS; n += 1) {
      const events = visitEvents(n, {
        carerIds,
        clientIds,
        today,
        nowMs,
        firstDay: FIRST_DAY,
        visitsPerDay: VISITS_PER_DAY,
      }).map((event) =>
        // Half the clients gave a rating at check-out.
        event.type === 'VisitCheckedOut' && n % 2 === 0
          ? { ...event, data: { ...(event.data as object), clientRating: 1 + (n % 5) } }
          : event,
      );
      visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
    }
    await load(services.pool, visits);
    const alerts: Append[] = [];
    for (let n = 0; n < ACTIVE_ALERTS + ACKNOWLEDGED_ALERTS + RESOLVED_ALERTS; n += 1) {
      alerts.push(
        alertEvents(
          n,
          carerIds,
          n < ACTIVE_ALERTS ? 'active' : n < ACTIVE_ALERTS + ACKNOWLEDGED_ALERTS ? 'acknowledged' : 'resolved',
        ),
      );
    }
    await load(services.pool, alerts);
    await load(
      services.pool,
      Array.from({ length: TASKS }, (_, n) => taskEvents(n, carerIds)),
    );
    await services.pool.query('analyze es_events');
    await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    // Statistics and the visibility map, as autovacuum would have them on a server that ran a while.
    for (const table of [
      'appointments',
      'alerts',
      'tasks',
      'carers',
      'training_compliance',
      'diary_entries',
      'appointment_carer_names',
    ]) {
      await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);
    }
  }
}

async function sampleStats(services: Services): Promise<DashboardStatsFigures> {
  {
    const readUrl = await services.startReadApi();
    const get = async () => {
      const response = await fetch(`${readUrl}/api/dashboard/stats`, { headers: { cookie: services.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET /api/dashboard/stats answered ${response.status}: ${body}`);
      return JSON.parse(body) as DashboardStats;
    };
    const stats = await get();
    if (
      stats.activeAlerts !== ACTIVE_ALERTS ||
      stats.openAlerts !== ACTIVE_ALERTS + ACKNOWLEDGED_ALERTS ||
      stats.quickStats.ratingsCount < VISITS / 4
    ) {
      throw new Error(`GET /api/dashboard/stats gave unexpected figures: ${JSON.stringify(stats)}`);
    }
    for (let i = 0; i < WARM_UP; i += 1) await get();
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const begin = now();
      await get();
      samples.push(now() - begin);
    }
    return {
      dashboardStatsP50Ms: round(percentile(samples, 50), 2),
      dashboardStatsP99Ms: round(percentile(samples, 99), 2),
    };
  }
}
