import type { DiaryEntryView } from '@care/events';

/** The client and carer of a diary entry as the diary and its other views print them. */
export const clientName = (entry: DiaryEntryView) => `${entry.client.firstName} ${entry.client.lastName}`.trim();
export const carerName = (entry: DiaryEntryView) => `${entry.carer.user.firstName} ${entry.carer.user.lastName}`.trim();
