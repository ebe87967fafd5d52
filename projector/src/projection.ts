import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from './read-model/database';
import { appointmentsProjection } from './appointments/appointment-projection';
import { carersProjection } from './carers/carers-projection';
import { clientsProjection } from './clients/client-projection';
import { diaryProjection } from './diary/diary-projection';
import { feedbackProjection } from './feedback/feedback-projection';
import { shiftsProjection } from './shifts/shift-projection';
import { trainingProjection } from './training/training-projection';
import { voiceNotesProjection } from './voice-notes/voice-note-projection';
import { accessLogProjection } from './users/access-log-projection';
import { usersProjection } from './users/users-projection';

/** One read model: which events it reads and how it applies a batch of them inside a transaction. */
export interface Projection {
  readonly name: string;
  handles(type: string): boolean;
  apply(db: Kysely<ReadModelDatabase>, events: readonly RecordedEvent[]): Promise<void>;
}

/** Every projection the projector runs; new features add theirs here. */
export const projections: readonly Projection[] = [
  carersProjection,
  usersProjection,
  accessLogProjection,
  clientsProjection,
  trainingProjection,
  diaryProjection,
  voiceNotesProjection,
  feedbackProjection,
  appointmentsProjection,
  shiftsProjection,
];
