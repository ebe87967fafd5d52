import type { RenewTrainingRequest } from '@care/events';
import { apiSend } from '../../shared/api';
import { useTrainingMutation } from './training-mutation';

export interface RenewTrainingInput {
  id: string;
  revision: string;
  request: RenewTrainingRequest;
}

/** POST /api/training/{id}/renewal with If-Match: the record becomes current with the new dates. */
export function useRenewTraining() {
  return useTrainingMutation(
    ({ id, revision, request }: RenewTrainingInput) =>
      apiSend('POST', `/api/training/${encodeURIComponent(id)}/renewal`, request, { 'If-Match': revision }),
    { success: 'Training record renewed successfully', failure: 'Failed to renew training record' },
  );
}
