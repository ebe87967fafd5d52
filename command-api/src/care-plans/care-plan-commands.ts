import type { CarePlanContent, CarePlanStatus, ConsentMethod, ReviewOutcome } from '@care/events';

/** Every command carries `today` (London, YYYY-MM-DD) so `decide` stays pure when it checks dates. */
export type CarePlanCommand =
  | {
      readonly type: 'CreateCarePlan';
      readonly id: string;
      readonly clientId: string;
      readonly templateId: string | null;
      /** Already filled from the template and the client's record. */
      readonly content: CarePlanContent;
      readonly reviewDate: string;
      readonly reason: string;
      readonly today: string;
    }
  | {
      readonly type: 'UpdateCarePlan';
      readonly id: string;
      readonly changes: Partial<CarePlanContent>;
      readonly reason: string;
    }
  | {
      readonly type: 'AgreeCarePlan';
      readonly id: string;
      readonly version: number;
      readonly agreedBy: string;
      readonly relationship: string;
      readonly method: ConsentMethod;
      readonly agreedOn: string;
      readonly today: string;
    }
  | {
      readonly type: 'ScheduleCarePlanReview';
      readonly id: string;
      readonly reviewDate: string;
      readonly reason: string | null;
      readonly today: string;
    }
  | {
      readonly type: 'RecordCarePlanReview';
      readonly id: string;
      readonly reviewedOn: string;
      readonly outcome: ReviewOutcome;
      readonly changes: Partial<CarePlanContent>;
      readonly notes: string | null;
      readonly nextReviewDate: string;
      readonly today: string;
    }
  | {
      readonly type: 'ChangeCarePlanStatus';
      readonly id: string;
      readonly status: CarePlanStatus;
      readonly reason: string;
    };
