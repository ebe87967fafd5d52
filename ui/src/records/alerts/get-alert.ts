import type { AlertView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { ALERTS_PATH } from './get-alerts';

export const alertPath = (id: string, action = '') => `${ALERTS_PATH}/${encodeURIComponent(id)}${action}`;

/** GET /api/alerts/:id: one alert with its escalations, who acknowledged and resolved it, and when. */
export function alertQueryOptions(id: string) {
  return queryOptions({ queryKey: [alertPath(id)] as const, queryFn: () => apiGet<AlertView>(alertPath(id)) });
}
