import type { PersonRef } from '@care/events';

/** A person on an incident; null is the system (or an account the users list no longer knows). */
export function personName(person: PersonRef | null, fallback = 'System'): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : fallback;
}
