import { trainingCompletionOf, trainingCompletionStreamId, type TrainingCompletionEvent } from '@care/events';
import type { ReservationKind } from '../shared/reservation';

export const COMPLETION_RECORDED = 'This carer already has this training completed on this date';

function completion(key: string) {
  const found = trainingCompletionOf(key);
  if (!found) throw new Error(`Not a training completion: ${key}`);
  return found;
}

/**
 * One record per completion (a carer, a training type, a completed date), kept through its reservation stream
 * (see training-completion-events.ts); the value is `trainingCompletionKey(...)`.
 */
export const trainingCompletionReservation: ReservationKind<TrainingCompletionEvent> = {
  streamId: trainingCompletionStreamId,
  reserves: (event) => event.type === 'TrainingCompletionReserved',
  ownerOf: (event) => event.data.trainingId,
  reserved: (key, trainingId) => ({ type: 'TrainingCompletionReserved', data: { ...completion(key), trainingId } }),
  released: (key, trainingId) => ({ type: 'TrainingCompletionReleased', data: { ...completion(key), trainingId } }),
  taken: { message: COMPLETION_RECORDED, field: 'completedDate' },
};
