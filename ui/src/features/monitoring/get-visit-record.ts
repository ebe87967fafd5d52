import type { AppointmentVersionView, AppointmentView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { APPOINTMENTS_PATH } from '../appointments/appointment-queries';
import { apiGet } from '../../shared/api';

const visitPath = (id: string) => `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/appointments/:id: the visit with its signature image. */
export function visitRecordQueryOptions(id: string) {
  return queryOptions({ queryKey: [visitPath(id)] as const, queryFn: () => apiGet<AppointmentView>(visitPath(id)) });
}

/** GET /api/appointments/:id/history, oldest first: every event of the visit, amendments included. */
export function visitHistoryQueryOptions(id: string) {
  const url = `${visitPath(id)}/history`;
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<AppointmentVersionView[]>(url) });
}
