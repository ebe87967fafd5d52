import { z } from 'zod';
import { TRAINING_STATUSES, TRAINING_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** Everything about a training record that can be recorded and corrected later. */
export const trainingDetailsSchema = z.object({
  carerId: z.uuid(),
  trainingType: z.enum(TRAINING_TYPES),
  trainingProvider: eventText(TEXT_LIMITS.provider).nullable(),
  /** Calendar dates, YYYY-MM-DD: a course is completed on a day, not at an instant. */
  completedDate: eventDate(),
  expiryDate: eventDate().nullable(),
  certificateNumber: eventText(TEXT_LIMITS.certificateNumber).nullable(),
  status: z.enum(TRAINING_STATUSES),
  documentUrl: eventText(TEXT_LIMITS.url).nullable(),
  notes: eventText(TEXT_LIMITS.notes).nullable(),
});
export type TrainingDetails = z.infer<typeof trainingDetailsSchema>;

export const TrainingRecorded = defineEvent('TrainingRecorded', 1, trainingDetailsSchema.extend({ id: z.uuid() }));

/** Only the fields that changed, so the history shows exactly what was corrected. */
export const TrainingRecordUpdated = defineEvent(
  'TrainingRecordUpdated',
  1,
  z.object({ id: z.uuid(), changes: trainingDetailsSchema.partial() }),
);

/** The carer completed the course again: new dates and certificate, and the record is current again. */
export const TrainingRenewed = defineEvent(
  'TrainingRenewed',
  1,
  z.object({
    id: z.uuid(),
    completedDate: eventDate(),
    expiryDate: eventDate().nullable(),
    certificateNumber: eventText(TEXT_LIMITS.certificateNumber).nullable(),
  }),
);

/** The record leaves every list; the stream and its history stay (care records are legal records). */
export const TrainingRecordRemoved = defineEvent('TrainingRecordRemoved', 1, z.object({ id: z.uuid() }));

/** Every event of this slice. */
export const trainingSliceEvents = [
  TrainingRecorded,
  TrainingRecordUpdated,
  TrainingRenewed,
  TrainingRecordRemoved,
] as const;
export type TrainingSliceEvent = EventOf<typeof trainingSliceEvents>;

export const trainingStreamId = (trainingId: string): string => `training-${trainingId}`;
