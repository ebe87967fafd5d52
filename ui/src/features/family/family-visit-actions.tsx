import type { FamilyVisitView } from '@care/events';

/**
 * The place on a visit's card for what a family member can do about the visit ("Raise a concern", a compliment):
 * the family concerns feature fills it. Until then it shows nothing.
 */
export function FamilyVisitActions(_props: { clientId: string; visit: FamilyVisitView }) {
  return null;
}
