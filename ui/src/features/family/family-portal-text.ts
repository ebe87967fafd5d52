import type { FamilyClientView, FamilyVisitTime, FamilyVisitView } from '@care/events';
import { formatDate, statusLabel } from '../../shared/format';
import { toLondonInputValue } from '../../shared/london-time';

/* The family portal's words: what a relative reads about a visit, without the office's shorthand. */

/** Where a recorded time came from, as the staff screens say it. */
const HOW_RECORDED = { Mobile: "on the carer's phone", Computer: 'on a computer', Manual: 'a manual entry' };

/** "09:02" in London for an instant. */
export function londonClock(instant: string): string {
  return toLondonInputValue(instant).slice(11, 16);
}

/** "09:02, on the carer's phone" / "09:02, typed in by hand" / "09:02, recorded on the phone without signal". */
export function recordedTime(time: FamilyVisitTime): string {
  const clock = londonClock(time.at);
  if (time.recordedOffline) return `${clock}, recorded on the phone without signal`;
  if (time.enteredByHand) return `${clock}, typed in by hand`;
  return time.source ? `${clock}, ${HOW_RECORDED[time.source]}` : clock;
}

/** "Tue 01/12/2026": the visit's London date with its weekday, which a relative plans by. */
export function visitDay(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${formatDate(date)}`;
}

/** "Planned", "Carer there now", "Completed"…: the status as a relative understands it. */
export function visitStatus(status: FamilyVisitView['status']): string {
  if (status === 'scheduled') return 'Planned';
  if (status === 'in_progress') return 'Carer there now';
  return statusLabel(status);
}

/** "Margaret Brown" for the client choice and the title. */
export function clientName(client: Pick<FamilyClientView, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`.trim();
}

/** A phone number as a tel: link (spaces and brackets dropped; a leading + kept). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
