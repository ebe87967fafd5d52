import type { UpdateTrainingRequest } from '@care/events';
import { apiSend } from '../../shared/api';
import { useTrainingMutation } from './training-mutation';

export interface UpdateTrainingInput {
  id: string;
  /** The revision the form was loaded from: a concurrent edit makes the server answer 409. */
  revision: string;
  request: UpdateTrainingRequest;
}

/** PATCH /api/training/{id} with If-Match. */
export function useUpdateTraining() {
  return useTrainingMutation(
    ({ id, revision, request }: UpdateTrainingInput) =>
      apiSend('PATCH', `/api/training/${encodeURIComponent(id)}`, request, { 'If-Match': revision }),
    { success: 'Training record updated successfully', failure: 'Failed to update training record' },
  );
}
