import type { ShiftView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { withQuery } from '../../records/appointments/appointment-queries';

export const SHIFTS_PATH = '/api/shifts';

/** GET /api/shifts?from&to (London dates, inclusive): the rota, sorted by start. The URL is the query key (live updates). */
export function shiftsQueryOptions(range: {
  readonly from: string;
  readonly to: string;
  readonly carerId?: string | undefined;
}) {
  const url = withQuery(SHIFTS_PATH, { from: range.from, to: range.to, carerId: range.carerId });
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<ShiftView[]>(url) });
}
