import type { ReactNode } from 'react';
import { ComingSoonPage } from '../../shared/coming-soon-page';

export interface DiaryPageProps {
  /** The voice notes of the diary screen (features/voice-notes), placed by the diary page. */
  readonly voiceNotes?: ReactNode;
}

/** Stub: the Care Diary screen (spec part 1 section 2.11, part 2 "Care Diary"). */
export function DiaryPage({ voiceNotes }: DiaryPageProps) {
  return (
    <>
      <ComingSoonPage title="Care Diary" />
      {voiceNotes}
    </>
  );
}
