import type { AppointmentStatus, AppointmentView } from '@care/events';
import { enumLabel, statusLabel as sharedStatusLabel } from '../../shared/format';
import { toLondonInputValue } from '../../shared/london-time';

/* Labels and names shared by the appointment screens, without the form's schemas (the dashboard uses them). */

/** The screens' label for an enumeration value (shared/format), kept here beside the other appointment labels. */
export { enumLabel };

/** A status as the screens show it (shared/format): Completed, In progress, Cancelled, No show. */
export function statusLabel(status: AppointmentStatus): string {
  return sharedStatusLabel(status);
}

export function appointmentClientName(appointment: Pick<AppointmentView, 'client'>): string {
  return `${appointment.client.firstName} ${appointment.client.lastName}`.trim();
}

/** The carer's name, or "Unassigned" for a visit without a carer. */
export function appointmentCarerName(appointment: Pick<AppointmentView, 'carer'>): string {
  const user = appointment.carer?.user;
  return user ? `${user.firstName} ${user.lastName}`.trim() : 'Unassigned';
}

/** Changes are made only before the visit starts: afterwards it is a record of what happened. */
export function isChangeable(appointment: Pick<AppointmentView, 'status'>): boolean {
  return appointment.status === 'scheduled';
}

/**
 * Where a new appointment on `date` starts by default: the next whole hour when the date is today (a visit is
 * rarely booked into the past), else 09:00.
 */
export function defaultStartFor(date: string, now: Date): string {
  const wall = toLondonInputValue(now);
  if (wall.slice(0, 10) !== date) return `${date}T09:00`;
  const nextHour = Number(wall.slice(11, 13)) + 1;
  return nextHour > 23 ? `${date}T23:00` : `${date}T${String(nextHour).padStart(2, '0')}:00`;
}

/** The badge classes of a status (appointment-form.css colours each status). */
export function statusBadgeClass(status: AppointmentStatus): string {
  return `badge status-${status}`;
}
