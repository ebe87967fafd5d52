import {
  addDays,
  appointmentStreamId,
  carerBookingsStreamId,
  leaveInterval,
  spansOverlap,
  type AppointmentEvent,
  type EventStore,
  type LeavePeriod,
} from '@care/events';
import {
  evolve as evolveAppointment,
  initialAppointmentState,
  type AppointmentState,
} from '../appointments/appointment-state';
import {
  evolveCarerDay,
  initialCarerDayState,
  type CarerDayEvent,
  type CarerDayState,
} from '../appointments/carer-bookings';
import { loadClient } from '../appointments/visit-parties';
import { DomainError } from '../shared/domain-error';
import { loadStream } from '../shared/event-stream';

/** A visit of the carer that falls in their leave: what the screen lists before the approver decides. */
export interface VisitInLeave {
  readonly appointmentId: string;
  readonly start: string;
  readonly end: string;
  readonly clientId: string;
  /** Null when the client's record has been removed since. */
  readonly clientName: string | null;
}

/**
 * The carer's visits still to come that overlap the leave, earliest first. Read from the command side's own
 * streams: the carer's day streams of bookings name the candidate visits (a visit running past midnight is booked
 * into both its days), and each visit's own stream confirms it is still theirs and not yet started.
 */
export async function visitsInLeave(store: EventStore, carerId: string, period: LeavePeriod): Promise<VisitInLeave[]> {
  const span = leaveInterval(period);
  const dates: string[] = [];
  for (let date = period.from; date <= period.to; date = addDays(date, 1)) dates.push(date);
  const days = await Promise.all(
    dates.map(
      async (date) =>
        (
          await loadStream<CarerDayEvent, CarerDayState>(
            store,
            carerBookingsStreamId(carerId, date),
            evolveCarerDay,
            initialCarerDayState,
          )
        ).state,
    ),
  );
  const candidates = new Map(
    days.flatMap((day) => [...day.bookings.values()]).map((booking) => [booking.appointmentId, booking]),
  );
  const visits: VisitInLeave[] = [];
  for (const booking of candidates.values()) {
    if (!spansOverlap(booking, span)) continue;
    const visit = (
      await loadStream<AppointmentEvent, AppointmentState>(
        store,
        appointmentStreamId(booking.appointmentId),
        evolveAppointment,
        initialAppointmentState,
      )
    ).state;
    if (!visit.exists || visit.carerId !== carerId || visit.status !== 'scheduled') continue;
    const client = await loadClient(store, booking.clientId);
    visits.push({
      appointmentId: booking.appointmentId,
      start: booking.start,
      end: booking.end,
      clientId: booking.clientId,
      clientName: client.exists && !client.removed ? `${client.profile.firstName} ${client.profile.lastName}` : null,
    });
  }
  return visits.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Approving leave over assigned visits: a 409 whose body lists them, so the screen can show them first. */
export class VisitsInLeaveError extends DomainError {
  constructor(readonly visits: readonly VisitInLeave[]) {
    super(
      'conflict',
      `The carer has ${visits.length} visit${visits.length === 1 ? '' : 's'} during this leave. Approve with unassignVisits to unassign ${visits.length === 1 ? 'it' : 'them'}, or reassign first.`,
      'unassignVisits',
    );
    this.name = 'VisitsInLeaveError';
  }
}
