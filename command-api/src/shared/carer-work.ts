import { commandTime } from '@care/events/server';
import {
  addDays,
  appointmentStreamId,
  can,
  carerAccountStreamId,
  carerBookingsStreamId,
  carerWindowRange,
  DEFAULT_CARER_WINDOW,
  londonToday,
  type AppointmentEvent,
  type CarerAccountEvent,
  type CarerBookingEvent,
  type CarerWindow,
  type EventStore,
  type Role,
} from '@care/events';
import {
  evolve as evolveAppointment,
  initialAppointmentState,
  type AppointmentState,
  type ExistingAppointment,
} from '../appointments/appointment-state';
import { londonDateOf } from '../appointments/london-texts';
import { loadCarer } from '../appointments/visit-parties';
import { carerAccountReservation } from '../carers/carer-account';
import { DomainError } from './domain-error';
import { loadStream } from './event-stream';
import { evolveReservation, initialReservationState, type ReservationState } from './reservation';

/**
 * A carer writes only within their own work, by the same rule the read API applies to what they read: the
 * clients on their own (not cancelled) visits from a few days back to a few days ahead (CarerWindow), the visits
 * assigned to them, and their own carer record. Anything else is answered exactly as if it did not exist (404),
 * before any of its state is looked at, so a refusal never tells a carer that a record exists or what state it is in.
 *
 * Everything is read from the command side's own streams: the carer's day streams of bookings (which hold every
 * visit they were booked into) name the candidate visits, and each visit's own stream says whether it still counts.
 */

/** Everyone's work (whoever reads every visit: administrators and coordinators), or one carer's. */
export type WriterScope = { readonly kind: 'all' } | { readonly kind: 'carer'; readonly userId: string };

export function writerScopeOf(user: { readonly userId: string; readonly role: Role }): WriterScope {
  return can(user.role, 'appointments.read') ? { kind: 'all' } : { kind: 'carer', userId: user.userId };
}

/** What a refusal says: the words (and form field) the reply gives when the record does not exist at all. */
export interface AbsentReply {
  readonly message: string;
  readonly field?: string;
}

/**
 * Whether this visit puts its client in the carer's work: assigned to the carer, not cancelled, and starting on a
 * London date inside the window (the read API's appointments.date is the London date of the planned start).
 */
export function visitOpensClient(
  visit: AppointmentState,
  carerId: string,
  range: { readonly from: string; readonly to: string },
): boolean {
  if (!visit.exists || visit.carerId !== carerId || visit.status === 'cancelled') return false;
  const date = londonDateOf(visit.plan.scheduledStart);
  return date >= range.from && date <= range.to;
}

/** The visits a carer's day streams ever booked for one client: a booking names its client (released ones too). */
function bookedFor(clientId: string) {
  return (found: ReadonlySet<string>, event: CarerBookingEvent): ReadonlySet<string> =>
    event.type === 'CarerBooked' && event.data.clientId === clientId
      ? new Set(found).add(event.data.appointmentId)
      : found;
}

export class CarerWork {
  constructor(
    private readonly store: EventStore,
    readonly window: CarerWindow = DEFAULT_CARER_WINDOW,
    private readonly clock: () => Date = commandTime,
  ) {}

  /** The carer record linked to the account (its reservation stream, confirmed by the carer's own stream), or null. */
  async carerIdOf(userId: string): Promise<string | null> {
    const evolve = (state: ReservationState, event: CarerAccountEvent) =>
      evolveReservation(carerAccountReservation, state, event);
    const { state } = await loadStream(this.store, carerAccountStreamId(userId), evolve, initialReservationState);
    if (state.holder === null) return null;
    const carer = await loadCarer(this.store, state.holder);
    return carer.exists && !carer.removed && carer.userId === userId ? state.holder : null;
  }

  /** Whether the client is in the writer's work (always, for staff). */
  async hasClient(scope: WriterScope, clientId: string): Promise<boolean> {
    if (scope.kind === 'all') return true;
    const carerId = await this.carerIdOf(scope.userId);
    if (carerId === null) return false;
    const range = carerWindowRange(this.window, londonToday(this.clock()));
    const days: string[] = [];
    for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.push(date);
    const booked = await Promise.all(
      days.map(
        async (date) =>
          (await loadStream(this.store, carerBookingsStreamId(carerId, date), bookedFor(clientId), new Set<string>()))
            .state,
      ),
    );
    const candidates = new Set(booked.flatMap((ids) => [...ids]));
    for (const appointmentId of candidates) {
      const visit = await this.loadVisit(appointmentId);
      // The booking named the client when it was made; the visit's own stream says whether it still does.
      if (visit.exists && visit.plan.clientId === clientId && visitOpensClient(visit, carerId, range)) return true;
    }
    return false;
  }

  /** The client must be in the writer's work; otherwise the refusal reads as for a client that does not exist. */
  async assertClient(scope: WriterScope, clientId: string, absent: AbsentReply): Promise<void> {
    if (!(await this.hasClient(scope, clientId))) throw notFound(absent);
  }

  /**
   * The visit must be assigned to the carer (any day, as the visits a carer reads); staff name any visit that
   * exists. Returns the visit for the caller's next checks.
   */
  async assertVisit(scope: WriterScope, appointmentId: string, absent: AbsentReply): Promise<ExistingAppointment> {
    const visit = await this.loadVisit(appointmentId);
    if (!visit.exists) throw notFound(absent);
    if (scope.kind === 'carer') {
      const carerId = await this.carerIdOf(scope.userId);
      if (carerId === null || visit.carerId !== carerId) throw notFound(absent);
    }
    return visit;
  }

  /**
   * A diary entry (or a voice note) as the read API shows it to a carer: one they wrote, or one about a client of
   * their work that is not confidential (private) to its author.
   */
  async readsEntry(
    scope: WriterScope,
    entry: { readonly authorUserId: string; readonly clientId: string | null; readonly confidential: boolean },
  ): Promise<boolean> {
    if (scope.kind === 'all' || entry.authorUserId === scope.userId) return true;
    return !entry.confidential && entry.clientId !== null && (await this.hasClient(scope, entry.clientId));
  }

  /** A carer names only their own carer record (they read no other). */
  async assertCarer(scope: WriterScope, carerId: string, absent: AbsentReply): Promise<void> {
    if (scope.kind === 'all') return;
    if ((await this.carerIdOf(scope.userId)) !== carerId) throw notFound(absent);
  }

  private async loadVisit(appointmentId: string): Promise<AppointmentState> {
    return (
      await loadStream<AppointmentEvent, AppointmentState>(
        this.store,
        appointmentStreamId(appointmentId),
        evolveAppointment,
        initialAppointmentState,
      )
    ).state;
  }
}

function notFound(absent: AbsentReply): DomainError {
  return new DomainError('not_found', absent.message, absent.field);
}
