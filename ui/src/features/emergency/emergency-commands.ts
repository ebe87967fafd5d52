import type { EmergencyContextView, EmergencyRaisedReply, RaiseEmergencyRequest } from '@care/events';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../shared/api';

/** GET /api/emergency: 999, the on-call number and the client of the user's current or next visit. */
export const emergencyContextQuery = queryOptions({
  queryKey: ['/api/emergency'],
  queryFn: () => apiGet<EmergencyContextView>('/api/emergency'),
});

export function useRaiseEmergency() {
  return useMutation({
    mutationFn: (input: RaiseEmergencyRequest) => apiSend<EmergencyRaisedReply>('POST', '/api/emergencies', input),
  });
}

/** A number as a tel: link dials it: digits and a leading + only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
