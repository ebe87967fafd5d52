import type { DiaryEntryContent } from '@care/events';

/** Who is asking: amending needs authorship or the review permission (events/src/access/permissions.ts). */
export interface DiaryActor {
  readonly userId: string;
  /** diary.review: may review and amend anyone's entry. */
  readonly canReview: boolean;
}

export type DiaryCommand =
  | {
      readonly type: 'AddDiaryEntry';
      readonly id: string;
      readonly carerId: string;
      readonly clientId: string;
      readonly appointmentId: string | null;
      readonly content: DiaryEntryContent;
    }
  | { readonly type: 'ReviewDiaryEntry'; readonly id: string; readonly actor: DiaryActor; readonly reviewedAt: string }
  | {
      readonly type: 'AmendDiaryEntry';
      readonly id: string;
      readonly actor: DiaryActor;
      /** Only the fields the request sent. */
      readonly changes: Partial<DiaryEntryContent>;
      readonly reason: string | null;
    };
