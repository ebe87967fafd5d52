import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  alertStreamId,
  GROUPED_ALERT_RULES,
  RULES_USER,
  type AlertItem,
  type AlertSeverity,
  type AlertView,
  type DomainEvent,
  type NewEvent,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { load, stamped, type Append } from './care-log';
import { now, percentile, round } from './stats';
import { startServices, type Services } from './services';

export interface AlertsPageFigures {
  alertsPageP50Ms: number;
  alertsPageP99Ms: number;
  alertsPage7P50Ms: number;
  alertsPage7P99Ms: number;
  alertsListPageP50Ms: number;
  alertsListPageP99Ms: number;
}

/** 300 groups holding 4,700 open alerts, and 300 open alerts standing alone: 600 rows on the grouped list. */
const GROUPS = 300;
const GROUPED_ALERTS = 4_700;
const ALONE_ALERTS = 300;
const LARGEST_GROUP = 40;
/** Closed alerts beside them, in groups and alone, which every open list must pass over. */
const RESOLVED_GROUPED = 600;
const RESOLVED_ALONE = 400;
const WARM_UP = 20;
const REQUESTS = 300;
/** Rules whose alerts never group: a missed visit or a critical incident is always a row of its own. */
const ALONE_RULES = ['visit-missed', 'visit-late', 'medication-dose-missed', 'incident-critical', 'carer-overbooked'];
const GROUP_RULES = [...GROUPED_ALERT_RULES];
const MINUTE_MS = 60_000;

/**
 * How many members each group has: from 1 to 40, most of them small (as a few overdue invoices or one payroll run's
 * low payslips are), adding up to exactly 4,700.
 */
function groupSizes(): number[] {
  const sizes = Array.from({ length: GROUPS }, (_, g) => {
    const u = ((g * 37) % GROUPS) / (GROUPS - 1);
    return 1 + Math.round((LARGEST_GROUP - 1) * u ** 1.66);
  });
  let missing = GROUPED_ALERTS - sizes.reduce((sum, size) => sum + size, 0);
  for (let g = 0; missing !== 0; g = (g + 1) % GROUPS) {
    const step = Math.sign(missing);
    const size = sizes[g]! + step;
    if (size >= 1 && size <= LARGEST_GROUP) {
      sizes[g] = size;
      missing -= step;
    }
  }
  return sizes;
}

/**
 * The group of the g-th group: a payroll run's low payslips group by the run's fortnight, other grouping rules by a
 * period of their own (one in each rule has no `group`, so falls into the group named after its rule).
 */
function groupOf(g: number): { rule: string; group: string | null } {
  const rule = GROUP_RULES[g % GROUP_RULES.length]!;
  const period = Math.floor(g / GROUP_RULES.length);
  if (period === 0) return { rule, group: null };
  const start = new Date(Date.UTC(2026, 0, 1) - period * 14 * 86_400_000);
  const end = new Date(start.getTime() + 13 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { rule, group: `${rule}/${day(start)}/${day(end)}` };
}

/** An alert raised by the rule runner `minutesAgo` minutes ago, then acknowledged or resolved as `fate` says. */
function alertEvents(
  n: number,
  alert: { rule: string; group: string | null; severity: AlertSeverity; minutesAgo: number },
  fate: 'active' | 'acknowledged' | 'resolved',
): Append {
  const id = uuidv7();
  const raised: DomainEvent = {
    type: 'AlertRaised',
    data: {
      id,
      rule: alert.rule,
      subject: `bench/${n}`,
      severity: alert.severity,
      title: 'Needs attention',
      description: 'Raised by the rules for the alerts page figures.',
      relatedKind: 'appointment',
      relatedId: id,
      carerId: null,
      clientId: null,
      appointmentId: null,
      actionRequired: null,
      dueDate: null,
      group: alert.group,
    },
  };
  const at = new Date(Date.now() - alert.minutesAgo * MINUTE_MS).toISOString();
  const raisedEvent = stamped(raised, at);
  const events: NewEvent[] = [{ ...raisedEvent, metadata: { ...raisedEvent.metadata, userId: RULES_USER } }];
  if (fate === 'acknowledged') events.push(stamped({ type: 'AlertAcknowledged', data: { id, note: null } }, at));
  if (fate === 'resolved')
    events.push(stamped({ type: 'AlertResolved', data: { id, by: 'system', note: 'Cleared' } }, at));
  return { streamId: alertStreamId(id), events };
}

/**
 * The grouped list's first pages (GET /api/alert-items?limit=50, the Alerts page, and ?limit=7, the dashboard) and
 * the alerts one by one (GET /api/alerts?active=true&limit=50), each sorted by severity, as an administrator over
 * 5,000 open alerts: 4,700 in 300 groups and 300 standing alone, beside 1,000 resolved ones.
 */
export async function measureAlertsPage(url: string): Promise<AlertsPageFigures> {
  const services = await startServices(url);
  try {
    await loadAlerts(services);
    return await samplePages(services);
  } finally {
    await services.close();
  }
}

/** The alerts loaded into the store and replayed into the read model (not measured). */
export async function loadAlerts(services: Services): Promise<void> {
  // Grouped rules are never critical and seldom high (an overdue invoice, a training certificate expiring); the lone
  // alerts hold the critical ones (a missed visit, a critical incident), so the first page mixes the two kinds.
  const groupedSeverity = (n: number): AlertSeverity => (n % 10 === 0 ? 'high' : n % 2 === 0 ? 'medium' : 'low');
  const aloneSeverity = (n: number): AlertSeverity =>
    n % 15 === 0 ? 'critical' : (['high', 'medium', 'low'] as const)[n % 3]!;
  // Raised over the last weeks, group members and lone alerts interleaved in time.
  const total = GROUPED_ALERTS + ALONE_ALERTS + RESOLVED_GROUPED + RESOLVED_ALONE;
  const minutesAgo = (n: number) => (n * 7919) % (total * 5);
  const alerts: Append[] = [];
  let n = 0;
  groupSizes().forEach((size, g) => {
    const { rule, group } = groupOf(g);
    // One group in five is acknowledged throughout; in the rest one member in three is.
    const allAcknowledged = g % 5 === 4;
    for (let m = 0; m < size; m += 1, n += 1) {
      const fate = allAcknowledged || m % 3 === 1 ? 'acknowledged' : 'active';
      alerts.push(alertEvents(n, { rule, group, severity: groupedSeverity(n), minutesAgo: minutesAgo(n) }, fate));
    }
  });
  for (let a = 0; a < ALONE_ALERTS; a += 1, n += 1) {
    const rule = ALONE_RULES[a % ALONE_RULES.length]!;
    const fate = a % 4 === 3 ? 'acknowledged' : 'active';
    alerts.push(alertEvents(n, { rule, group: null, severity: aloneSeverity(a), minutesAgo: minutesAgo(n) }, fate));
  }
  for (let r = 0; r < RESOLVED_GROUPED + RESOLVED_ALONE; r += 1, n += 1) {
    const { rule, group } = r < RESOLVED_GROUPED ? groupOf(r % GROUPS) : { rule: ALONE_RULES[0]!, group: null };
    const severity = group === null ? aloneSeverity(r) : groupedSeverity(r);
    alerts.push(alertEvents(n, { rule, group, severity, minutesAgo: minutesAgo(n) }, 'resolved'));
  }
  await load(services.pool, alerts);
  await services.pool.query('analyze es_events');
  await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
  // Statistics and the visibility map, as autovacuum would have them on a server that ran a while.
  await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'alerts')}`.execute(services.db);
}

async function samplePages(services: Services): Promise<AlertsPageFigures> {
  const readUrl = await services.startReadApi();
  const get = async <T>(path: string) => {
    const response = await fetch(`${readUrl}${path}`, { headers: { cookie: services.cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
    return { rows: JSON.parse(body) as T[], total: Number(response.headers.get('x-total-count')) };
  };
  const pages = {
    alertsPage: '/api/alert-items?limit=50',
    alertsPage7: '/api/alert-items?limit=7',
    alertsListPage: '/api/alerts?active=true&limit=50',
  } as const;
  // The replies must hold what the screens show, so the figures cannot come from an empty or ungrouped list.
  // The dashboard's 7 rows are the critical lone alerts; the Alerts page's 50 go on into groups.
  for (const [path, limit, kindsShown] of [
    [pages.alertsPage, 50, 'alert,group'],
    [pages.alertsPage7, 7, 'alert'],
  ] as const) {
    const { rows, total } = await get<AlertItem>(path);
    const kinds = [...new Set(rows.map((row) => row.kind))].sort().join(',');
    if (total !== GROUPS + ALONE_ALERTS || rows.length !== limit || kinds !== kindsShown)
      throw new Error(`GET ${path} gave ${rows.length} rows (${kinds}) of ${total}`);
  }
  const list = await get<AlertView>(pages.alertsListPage);
  if (list.total !== GROUPED_ALERTS + ALONE_ALERTS || list.rows.length !== 50)
    throw new Error(`GET ${pages.alertsListPage} gave ${list.rows.length} rows of ${list.total}`);

  const samples: Record<keyof typeof pages, number[]> = { alertsPage: [], alertsPage7: [], alertsListPage: [] };
  for (let i = 0; i < WARM_UP; i += 1) for (const path of Object.values(pages)) await get(path);
  // In turns, so a busy moment of the machine falls on every page alike.
  for (let i = 0; i < REQUESTS; i += 1) {
    for (const [name, path] of Object.entries(pages) as [keyof typeof pages, string][]) {
      const begin = now();
      await get(path);
      samples[name].push(now() - begin);
    }
  }
  const figure = (name: keyof typeof pages, p: number) => round(percentile(samples[name], p), 2);
  return {
    alertsPageP50Ms: figure('alertsPage', 50),
    alertsPageP99Ms: figure('alertsPage', 99),
    alertsPage7P50Ms: figure('alertsPage7', 50),
    alertsPage7P99Ms: figure('alertsPage7', 99),
    alertsListPageP50Ms: figure('alertsListPage', 50),
    alertsListPageP99Ms: figure('alertsListPage', 99),
  };
}
