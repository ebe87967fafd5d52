import type { CarerSuggestions, FillDayPlan } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/**
 * The ranked carers for one visit, and the proposal for a day's open visits. Not live: a ranking is read when the
 * dialog opens, and the command side checks each assignment again when it is made.
 */
export const suggestionsQueryOptions = (appointmentId: string) =>
  queryOptions({
    queryKey: ['rota-suggestions', appointmentId] as const,
    queryFn: () => apiGet<CarerSuggestions>(`/api/rota/suggestions/${encodeURIComponent(appointmentId)}`),
    staleTime: 0,
    gcTime: 0,
  });

export const fillDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['rota-fill-day', date] as const,
    queryFn: () => apiGet<FillDayPlan>(`/api/rota/fill-day?date=${encodeURIComponent(date)}`),
    staleTime: 0,
    gcTime: 0,
  });

/** "2 on leave, 5 already booked": who was left out of the suggestions, and why. */
export function excludedSummary(excluded: CarerSuggestions['excluded']): string | null {
  const parts = [
    [excluded.onLeave, 'on leave'],
    [excluded.busy, 'already booked then'],
    [excluded.untrained, 'without current medication training'],
    [excluded.overLimit, 'over their weekly hours limit'],
    [excluded.fullDay, 'at their most clients that day'],
  ] as const;
  const said = parts.filter(([count]) => count > 0).map(([count, why]) => `${count} ${why}`);
  return said.length === 0 ? null : `Not suggested: ${said.join(', ')}.`;
}
