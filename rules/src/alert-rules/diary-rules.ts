import { diaryEntriesById, urgentDiaryEntries, type DiaryFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

/** Entries written in the last 7 days: older unreviewed notes are history when the rule first runs. */
export const URGENT_DIARY_DAYS = 7;

const isUrgent = (entry: Pick<DiaryFact, 'priority' | 'entryType'>): boolean =>
  entry.priority === 'urgent' || entry.entryType === 'incident';

/**
 * A diary entry of priority urgent or type incident that nobody has reviewed. Only staff see it (a carer wrote it
 * about a client; the alert is for the office). A confidential entry's title stays out of the alert.
 */
export const diaryUrgent: AlertRule<DiaryFact> = {
  name: 'diary-urgent',
  severity: 'high',
  summary:
    'A diary entry of priority urgent or type incident has not been reviewed (entries of the last 7 days). Cleared by a review.',
  reads: ['diary'],
  watches: ['DiaryEntryAdded', 'DiaryEntryAmended', 'DiaryEntryReviewed'],
  facts: (db, now) => urgentDiaryEntries(db, now, URGENT_DIARY_DAYS),
  holds: (entries) =>
    entries.map((entry) => ({
      subject: entry.id,
      title: entry.entryType === 'incident' ? 'Incident recorded in the diary' : 'Urgent diary entry',
      description: entry.isConfidential
        ? `A confidential entry by ${entry.carerName} about ${entry.clientName}.`
        : `"${entry.title}" by ${entry.carerName} about ${entry.clientName}.`,
      relatedKind: 'diary_entry',
      relatedId: entry.id,
      carerId: null,
      clientId: entry.clientId,
      appointmentId: null,
      actionRequired: 'Read and review the entry',
      dueDate: null,
    })),
  whyCleared: async (db, subjects) => {
    const entries = await diaryEntriesById(db, subjects);
    return subjects.flatMap((subject) => {
      const entry = entries.find((candidate) => candidate.id === subject);
      if (!entry) return [{ subject, note: 'The entry is no longer in the diary' }];
      if (entry.reviewed) return [{ subject, note: 'The entry was reviewed' }];
      if (!isUrgent(entry)) return [{ subject, note: 'Amended: no longer urgent or an incident' }];
      return [];
    });
  },
};
