import Router from '@koa/router';
import { z } from 'zod';
import {
  APPOINTMENT_STATUSES,
  can,
  londonToday,
  MONITORING_RANGES,
  monitoringRange,
  queryOneOf,
  SORT_DIRECTIONS,
  VISIT_TYPES,
} from '@care/events';
import { requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import type { AppointmentFilter } from '../appointments/appointment-queries';
import { attachCsv } from '@care/documents';
import {
  checkedRange,
  MAX_RANGE_DAYS,
  optionalDate,
  optionalId,
  searchText,
  wholeNumber,
} from '../appointments/query-fields';
import { monitoringCsv } from './monitoring-csv';
import { MONITORING_SORTS, MonitoringQueries } from './monitoring-queries';
import { parseQuery } from '../shared/query-parsing';

const filterFields = {
  range: queryOneOf(MONITORING_RANGES, 'Range'),
  from: optionalDate('From date'),
  to: optionalDate('To date'),
  carerId: optionalId('Carer ID must be a UUID'),
  clientId: optionalId('Client ID must be a UUID'),
  status: queryOneOf(APPOINTMENT_STATUSES, 'Status'),
  careType: queryOneOf(VISIT_TYPES, 'Care type'),
  search: searchText,
  sort: queryOneOf(MONITORING_SORTS, 'Sort'),
  direction: queryOneOf(SORT_DIRECTIONS, 'Direction'),
};

/** Default: the last 7 days, newest first; any other sort defaults to ascending. */
export const monitoringQuery = z
  .object({ ...filterFields, limit: wholeNumber('Limit', 1, 200, 25), offset: wholeNumber('Offset', 0, 1_000_000, 0) })
  .transform((value, ctx) => {
    const choice = value.range ?? '7d';
    if (choice !== 'custom' && (value.from !== undefined || value.to !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['range'], message: 'From and to dates go with the custom range' });
      return z.NEVER;
    }
    const range =
      choice === 'custom'
        ? checkedRange(value.from, value.to, ctx, MAX_RANGE_DAYS)
        : monitoringRange(choice, londonToday());
    if (!range) return z.NEVER;
    const filter: AppointmentFilter = {
      range,
      carerId: value.carerId,
      clientId: value.clientId,
      status: value.status,
      careType: value.careType,
      search: value.search || undefined,
    };
    const sort = value.sort ?? 'date';
    const direction = value.direction ?? (sort === 'date' ? 'desc' : 'asc');
    return { filter, sort, direction, limit: value.limit, offset: value.offset };
  });

/**
 * GET /api/monitoring (?range=today|yesterday|7d|30d|3m|custom&from&to&carerId&clientId&status&careType&search
 * &sort&direction&limit&offset) and /api/monitoring/export.csv (the same filters, every matching record).
 */
export function monitoringRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new MonitoringQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/monitoring' });
  router.use(requirePermission('appointments.read', 'appointments.readOwn'));
  const viewerOf = (state: ReadState) =>
    can(state.session.role, 'appointments.read') ? {} : { ownUserId: state.session.userId };

  router.get('/', async (ctx) => {
    const { filter, sort, direction, limit, offset } = parseQuery(monitoringQuery, ctx);
    const { records, total } = await queries.page(filter, viewerOf(ctx.state), { sort, direction, limit, offset });
    ctx.body = { records, total, limit, offset };
  });

  router.get('/export.csv', async (ctx) => {
    const { filter, sort, direction } = parseQuery(monitoringQuery, ctx);
    const records = await queries.all(filter, viewerOf(ctx.state), sort, direction);
    attachCsv(ctx, `care-records-${londonToday()}.csv`, monitoringCsv(records));
  });

  return router;
}
