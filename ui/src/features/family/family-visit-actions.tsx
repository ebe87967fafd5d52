import type { FamilyVisitView } from '@care/events';
import { RaiseFamilyConcern } from './family-concern-form';

/** Statuses of a visit that has happened (or should have): the family member may write to the office about it. */
const PAST = new Set<FamilyVisitView['status']>(['completed', 'missed', 'no_show', 'cancelled']);

/** What a family member can do about a visit: raise a concern or send a compliment about a past one. */
export function FamilyVisitActions({ clientId, visit }: { clientId: string; visit: FamilyVisitView }) {
  if (!PAST.has(visit.status)) return null;
  return <RaiseFamilyConcern clientId={clientId} appointmentId={visit.id} />;
}
