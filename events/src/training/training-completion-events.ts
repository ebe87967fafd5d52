import { z } from 'zod';
import { TRAINING_TYPES, type TrainingType } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate } from '../event-fields';

/**
 * One completion of one training type by one carer on one day is held by one training record. The write side
 * keeps it in a reservation stream per completion (like employee IDs), so Import Data can tell from the event
 * store alone whether a row is already recorded: a record holds its completion while it has it, and gives it up
 * when it is removed or its carer, type or completed date changes.
 */
const completionSchema = z.object({
  carerId: z.uuid(),
  trainingType: z.enum(TRAINING_TYPES),
  completedDate: eventDate(),
  trainingId: z.uuid(),
});

export const TrainingCompletionReserved = defineEvent('TrainingCompletionReserved', 1, completionSchema);
export const TrainingCompletionReleased = defineEvent('TrainingCompletionReleased', 1, completionSchema);

export const trainingCompletionEventDefinitions = [TrainingCompletionReserved, TrainingCompletionReleased] as const;
export type TrainingCompletionEvent = EventOf<typeof trainingCompletionEventDefinitions>;

/** What a completion is: the carer, the type and the day. */
export interface TrainingCompletion {
  readonly carerId: string;
  readonly trainingType: TrainingType;
  readonly completedDate: string;
}

/** A completion as one value ("carer/type/date"), the form a reservation takes its value in. */
export const trainingCompletionKey = ({ carerId, trainingType, completedDate }: TrainingCompletion): string =>
  `${carerId.toLowerCase()}/${trainingType}/${completedDate}`;

/** The completion a key names, or null for a value that is not one. */
export function trainingCompletionOf(key: string): TrainingCompletion | null {
  const [carerId, trainingType, completedDate, ...rest] = key.split('/');
  const parsed = completionSchema.omit({ trainingId: true }).safeParse({ carerId, trainingType, completedDate });
  return parsed.success && rest.length === 0 ? parsed.data : null;
}

export const trainingCompletionStreamId = (key: string): string =>
  `training-completion-${key.trim().toLowerCase().replaceAll('/', '-')}`;
