import type { AppointmentVersionView, AppointmentView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { APPOINTMENTS_PATH } from '../../records/appointments/appointment-queries';

/** GET /api/appointments/:id: the full record, with the signature image. URL first: the live push reloads it. */
export function visitRecordQueryOptions(id: string) {
  const url = `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`;
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<AppointmentView>(url) });
}

/** GET /api/appointments/:id/history: every recorded change, oldest first. */
export function visitHistoryQueryOptions(id: string) {
  const url = `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}/history`;
  return queryOptions({ queryKey: [url] as const, queryFn: () => apiGet<AppointmentVersionView[]>(url) });
}
