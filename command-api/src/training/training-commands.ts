import type { TrainingDetails } from '@care/events';

export type TrainingCommand =
  | { readonly type: 'RecordTraining'; readonly id: string; readonly details: TrainingDetails }
  | {
      readonly type: 'UpdateTrainingRecord';
      readonly id: string;
      /** Only the fields the request sent. */
      readonly changes: Partial<TrainingDetails>;
    }
  | {
      readonly type: 'RenewTraining';
      readonly id: string;
      readonly completedDate: string;
      readonly expiryDate: string | null;
      readonly certificateNumber: string | null;
    }
  | { readonly type: 'RemoveTrainingRecord'; readonly id: string };
