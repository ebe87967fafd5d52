import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { APPOINTMENT_STATUSES, can, queryOneOf, VISIT_TYPES } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { AuditLog } from '../audit/audit-log';
import type { ReadState } from '../shared/read-state';
import { AppointmentQueries, type AppointmentFilter, type AppointmentViewer } from './appointment-queries';
import { appointmentsCsv } from './appointment-csv';
import { attachCsv } from '@care/documents';
import {
  checkedRange,
  dateRangeFields,
  optionalDate,
  optionalFlag,
  optionalId,
  MAX_RANGE_DAYS,
  resolveDateRange,
  searchText,
  todayOnly,
  type DateRange,
} from './query-fields';
import { parseQuery } from '../shared/query-parsing';

const status = queryOneOf(APPOINTMENT_STATUSES, 'Status');
const careType = queryOneOf(VISIT_TYPES, 'Care type');
/** The same filters for the list, the summary cards and the CSV: a filter on screen applies to every figure beside it. */
const filterFields = {
  ...dateRangeFields,
  carerId: optionalId('Carer ID must be a UUID'),
  clientId: optionalId('Client ID must be a UUID'),
  status,
  careType,
  unassigned: optionalFlag('Unassigned'),
  /** Past their planned end with no check-out recorded (the dashboard's Unrecorded Visits). */
  unrecorded: optionalFlag('Unrecorded'),
  /** With the range, the day before's visits still running after its first midnight (Check In). */
  underway: optionalFlag('Underway'),
  search: searchText,
};

type FilterFields = z.output<z.ZodObject<typeof filterFields>>;

/** The fields as a filter, or undefined (issues added) when the dates do not make one range. */
function toFilter(
  value: FilterFields,
  ctx: z.RefinementCtx,
  fallback?: () => DateRange,
): AppointmentFilter | undefined {
  const range = resolveDateRange(value, ctx, fallback);
  if (!range) return undefined;
  const { carerId, clientId, status: only, careType: care, unassigned, unrecorded, underway, search } = value;
  return {
    range,
    carerId,
    clientId,
    status: only,
    careType: care,
    unassigned,
    unrecorded,
    underway,
    search: search || undefined,
  };
}

export function filterSchema(fallback?: () => DateRange) {
  return z.object(filterFields).transform((value, ctx) => toFilter(value, ctx, fallback) ?? z.NEVER);
}

export const listQuery = z
  .object({ ...filterFields, ...pagingFields({ defaultLimit: 500, maxLimit: 1000 }) })
  .transform((value, ctx) => {
    const filter = toFilter(value, ctx);
    return filter ? { filter, limit: value.limit, offset: value.offset } : z.NEVER;
  });
/** Analytics returns a row per day: a range of at most MAX_RANGE_DAYS, like every range. */
export const analyticsQuery = z
  .object({
    from: optionalDate('From date'),
    to: optionalDate('To date'),
    carerId: filterFields.carerId,
    clientId: filterFields.clientId,
  })
  .transform((value, ctx): AppointmentFilter => {
    const range = checkedRange(value.from, value.to, ctx, MAX_RANGE_DAYS);
    if (!range) return z.NEVER;
    return { range, carerId: value.carerId, clientId: value.clientId };
  });
const appointmentId = z.uuid();
const NOT_FOUND = 'Appointment not found';

function viewerOf(ctx: ParameterizedContext<ReadState>): AppointmentViewer {
  const { userId, role } = ctx.state.session;
  // Without appointments.read, only the visits of the carer record linked to the account (appointments.readOwn).
  return can(role, 'appointments.read') ? {} : { ownUserId: userId };
}

/**
 * GET /api/appointments (?today=true | date | from&to, carerId, clientId, status, careType, unassigned, unrecorded, search,
 * limit, offset; header X-Total-Count), /today/count, /summary (the same filters), /analytics, /export.csv,
 * /:id and /:id/history.
 */
export function appointmentRoutes({ db }: ReadDeps, log: AuditLog): Router<ReadState> {
  const queries = new AppointmentQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/appointments' });
  router.use(requirePermission('appointments.read', 'appointments.readOwn'));

  router.get('/', async (ctx) => {
    const { filter, limit, offset } = parseQuery(listQuery, ctx);
    const { json, total } = await queries.list(filter, viewerOf(ctx), { limit, offset });
    ctx.type = 'application/json';
    sendPage(ctx, { rows: json, total });
  });

  router.get('/today/count', async (ctx) => {
    ctx.body = { count: await queries.todayCount(viewerOf(ctx)) };
  });

  router.get('/summary', async (ctx) => {
    ctx.body = await queries.summary(parseQuery(filterSchema(todayOnly), ctx), viewerOf(ctx));
  });

  router.get('/analytics', async (ctx) => {
    ctx.body = await queries.analytics(parseQuery(analyticsQuery, ctx), viewerOf(ctx));
  });

  router.get('/export.csv', async (ctx) => {
    const filter = parseQuery(filterSchema(), ctx);
    const rows = await queries.all(filter, viewerOf(ctx));
    attachCsv(ctx, `appointments-${filter.range.from}-to-${filter.range.to}.csv`, appointmentsCsv(rows));
  });

  router.get('/:id', async (ctx) => {
    const id = appointmentId.safeParse(ctx.params.id);
    const appointment = id.success ? await queries.byId(id.data, viewerOf(ctx)) : undefined;
    if (!appointment) throw new HttpError(404, NOT_FOUND);
    ctx.set('ETag', `"${appointment.revision}"`);
    ctx.body = appointment;
  });

  router.get('/:id/history', async (ctx) => {
    const id = appointmentId.safeParse(ctx.params.id);
    const history = id.success ? await queries.history(id.data, viewerOf(ctx), log) : undefined;
    if (!history) throw new HttpError(404, NOT_FOUND);
    ctx.body = history;
  });

  return router;
}
