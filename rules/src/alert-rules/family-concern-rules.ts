import { familyConcernsById, openFamilyConcernFacts, type FamilyConcernFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

/**
 * A concern a family member raised that the office has not answered (docs/features/family-concerns.md). For the
 * care team only: it names no carer, so no carer reads it (the concern may be about them). A compliment is never
 * an alert. What the family member wrote stays out of the alert: it is read, and answered, on the concern itself.
 */
export const familyConcern: AlertRule<FamilyConcernFact> = {
  name: 'family-concern',
  severity: 'high',
  summary:
    "A family member raised a concern about a client and the office has not replied. Cleared by the office's reply.",
  reads: ['family_concerns'],
  watches: ['FamilyConcernRaised', 'FamilyConcernAnswered'],
  facts: (db) => openFamilyConcernFacts(db),
  holds: (concerns) =>
    concerns
      .filter((concern) => concern.kind === 'concern' && !concern.answered)
      .map((concern) => ({
        subject: concern.id,
        title: 'Concern raised by family',
        description: `A family member raised a concern about ${concern.clientName}.`,
        relatedKind: 'client',
        relatedId: concern.clientId,
        carerId: null,
        clientId: concern.clientId,
        appointmentId: null,
        actionRequired: 'Read the concern and reply to the family',
        dueDate: null,
      })),
  whyCleared: async (db, subjects) => {
    const concerns = await familyConcernsById(db, subjects);
    return subjects.flatMap((subject) => {
      const concern = concerns.find((candidate) => candidate.id === subject);
      if (!concern) return [{ subject, note: 'The concern is no longer recorded' }];
      if (concern.answered) return [{ subject, note: 'The office replied to the family' }];
      return [];
    });
  },
};
