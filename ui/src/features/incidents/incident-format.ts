import type { PersonRef } from '@care/events';

/** A person on an incident; null is the system (or an account the users list no longer knows). */
export function personName(person: PersonRef | null, fallback = 'System'): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : fallback;
}

/** "36.5 hours (1.5 days)": the median time from report to resolution. */
export function formatHours(hours: number | null): string {
  if (hours === null) return 'No incident resolved yet';
  if (hours < 1) {
    const minutes = Math.round(hours * 60);
    return minutes < 1 ? 'Under a minute' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  if (hours < 48) return `${Math.round(hours * 10) / 10} hours`;
  return `${hours} hours (${Math.round((hours / 24) * 10) / 10} days)`;
}
