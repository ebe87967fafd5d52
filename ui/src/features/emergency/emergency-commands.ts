import type { EmergencyContextView, EmergencyRaisedReply, RaiseEmergencyRequest } from '@care/events';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../shared/api';

/** GET /api/emergency: 999, the on-call number and the client of the user's current or next visit. */
export const emergencyContextQuery = queryOptions({
  queryKey: ['/api/emergency'],
  queryFn: () => apiGet<EmergencyContextView>('/api/emergency'),
});

/**
 * Raise emergency never waits for signal and is never kept on the phone for later: without a connection it fails
 * at once, so the screen can send the carer to the phone instead.
 */
export function useRaiseEmergency() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: RaiseEmergencyRequest) => {
      if (globalThis.navigator?.onLine === false) return Promise.reject(new TypeError('No connection'));
      return apiSend<EmergencyRaisedReply>('POST', '/api/emergencies', input);
    },
  });
}

/** A number as a tel: link dials it: digits and a leading + only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
