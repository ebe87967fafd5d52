import type { CreateTrainingRequest } from '@care/events';
import { apiSend } from '../../shared/api';
import { useTrainingMutation } from './training-mutation';

/** POST /api/training. */
export function useCreateTraining() {
  return useTrainingMutation((request: CreateTrainingRequest) => apiSend('POST', '/api/training', request), {
    success: 'Training record created successfully',
    failure: 'Failed to create training record',
  });
}
