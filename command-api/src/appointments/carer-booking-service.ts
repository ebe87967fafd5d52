import { commandTime } from '@care/events/server';
import {
  appointmentStreamId,
  carerBookingsStreamId,
  WrongExpectedRevisionError,
  type AppointmentEvent,
  type AppointmentStatus,
  type CarerBookingEvent,
  type EventStore,
  type Position,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { evolve, initialAppointmentState, scheduledEndOf, type AppointmentState } from './appointment-state';
import { BookingClashError, type BookingClash } from './booking-clash';
import {
  clashesWith,
  clientsOfDay,
  daysTouched,
  decideBooking,
  decideRelease,
  evolveCarerDay,
  findClash,
  initialCarerDayState,
  overlaps,
  type Booking,
  type BookingRequest,
  type CarerDayEvent,
  type CarerDayState,
} from './carer-bookings';

/** Appends lost to a concurrent booking of the same carer and day are retried on the fresh stream this often. */
const MAX_ATTEMPTS = 25;

/**
 * A booking is made just before its appointment event is appended. One older than this whose appointment does
 * not hold that time was left behind by a crash between the two appends: it no longer blocks the carer.
 */
export const ORPHANED_AFTER_MS = 60_000;

/** Statuses in which a visit holds its carer's time (a missed visit may still be checked in). */
const HOLDING: readonly AppointmentStatus[] = ['scheduled', 'in_progress', 'completed', 'missed'];

export interface BookedDay {
  readonly date: string;
  /** Distinct clients of the carer that day, this visit included. */
  readonly clients: number;
}

/** A visit booked into its days; `undo` gives the days back as they were (when the appointment append fails). */
export interface BookingReceipt {
  readonly days: readonly BookedDay[];
  readonly position: Position | undefined;
  undo(): Promise<void>;
}

/**
 * The carer's per-day booking streams: book before the appointment event is appended, so of two coordinators
 * booking one carer into overlapping visits exactly one succeeds (each append carries the expected revision;
 * the loser re-reads the day and sees the clash).
 */
export class CarerBookings {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = commandTime,
  ) {}

  async book(request: BookingRequest, context: CommandContext): Promise<BookingReceipt> {
    const booked: { date: string; previous: Booking | undefined; clients: number; position: Position | undefined }[] =
      [];
    const undo = async () => {
      for (const { date, previous } of [...booked].reverse()) {
        await this.change(request.carerId, date, context, (state) => {
          // Put back the visit's earlier times (a reschedule), unless someone has taken them meanwhile.
          if (previous && !findClash(state, previous))
            return decideBooking(state, { ...previous, carerId: request.carerId }, date);
          return decideRelease(state, request.carerId, request.appointmentId, date);
        });
      }
    };
    try {
      for (const date of daysTouched(request.start, request.end)) {
        let previous: Booking | undefined;
        const outcome = await this.withOrphansReleased(request.carerId, date, context, () =>
          this.change(request.carerId, date, context, (state) => {
            previous = state.bookings.get(request.appointmentId);
            return decideBooking(state, request, date);
          }),
        );
        booked.push({ date, previous, clients: clientsOfDay(outcome.state), position: outcome.position });
      }
    } catch (error) {
      await undo().catch(() => undefined);
      throw error;
    }
    return {
      days: booked.map(({ date, clients }) => ({ date, clients })),
      position: latestPosition(...booked.map((day) => day.position)),
      undo,
    };
  }

  /** Gives up the visit's bookings on these days (unassign, reassign, reschedule, cancel, no-show). */
  async release(
    carerId: string,
    appointmentId: string,
    dates: readonly string[],
    context: CommandContext,
  ): Promise<Position | undefined> {
    const positions: (Position | undefined)[] = [];
    for (const date of dates) {
      positions.push(
        (await this.change(carerId, date, context, (state) => decideRelease(state, carerId, appointmentId, date)))
          .position,
      );
    }
    return latestPosition(...positions);
  }

  /** Every clash of the requests, without booking anything (a weekly pattern is checked whole first). */
  async clashesOf(requests: readonly BookingRequest[], context: CommandContext): Promise<BookingClash[]> {
    const days = new Map<string, CarerDayState>();
    const clashes = new Map<string, BookingClash>();
    for (const request of requests) {
      for (const date of daysTouched(request.start, request.end)) {
        const key = `${request.carerId} ${date}`;
        let state = days.get(key) ?? (await this.load(request.carerId, date)).state;
        for (const clash of clashesWith(state, request)) {
          if (clashes.has(clash.appointmentId)) continue;
          if (await this.releaseIfOrphaned(request.carerId, date, clash, context)) {
            state = (await this.load(request.carerId, date)).state;
          } else {
            clashes.set(clash.appointmentId, clash);
          }
        }
        days.set(key, state);
      }
    }
    return [...clashes.values()];
  }

  private load(carerId: string, date: string) {
    return loadStream<CarerDayEvent, CarerDayState>(
      this.store,
      carerBookingsStreamId(carerId, date),
      evolveCarerDay,
      initialCarerDayState,
    );
  }

  /** Runs a booking; a clash with a booking left behind by a crash releases that booking and tries again. */
  private async withOrphansReleased<T>(
    carerId: string,
    date: string,
    context: CommandContext,
    run: () => Promise<T>,
  ): Promise<T> {
    for (let released = 0; ; released += 1) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof BookingClashError) || released >= 3) throw error;
        if (!(await this.releaseIfOrphaned(carerId, date, error.clash, context))) throw error;
      }
    }
  }

  /** Releases the clashing booking when it is old enough and its appointment does not hold that time. */
  private async releaseIfOrphaned(
    carerId: string,
    date: string,
    clash: BookingClash,
    context: CommandContext,
  ): Promise<boolean> {
    const held = (await this.load(carerId, date)).state.bookings.get(clash.appointmentId);
    if (!held || held.bookedAt === null || this.clock().getTime() - Date.parse(held.bookedAt) < ORPHANED_AFTER_MS)
      return false;
    const appointment = await loadStream<AppointmentEvent, AppointmentState>(
      this.store,
      appointmentStreamId(clash.appointmentId),
      evolve,
      initialAppointmentState,
    );
    const { state } = appointment;
    const holds =
      state.exists &&
      state.carerId === carerId &&
      HOLDING.includes(state.status) &&
      overlaps({ start: state.plan.scheduledStart, end: scheduledEndOf(state.plan) }, held);
    if (holds) return false;
    await this.change(carerId, date, context, (day) => decideRelease(day, carerId, clash.appointmentId, date));
    return true;
  }

  /** Load, decide, append with the expected revision; a lost race is retried on the fresh stream. */
  private async change(
    carerId: string,
    date: string,
    context: CommandContext,
    decideChange: (state: CarerDayState) => CarerBookingEvent[],
  ): Promise<{ state: CarerDayState; position: Position | undefined }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const loaded = await this.load(carerId, date);
      const events = decideChange(loaded.state);
      if (events.length === 0) return { state: loaded.state, position: undefined };
      try {
        const appended = await appendEvents(
          this.store,
          carerBookingsStreamId(carerId, date),
          events,
          loaded.revision,
          context,
        );
        return { state: events.reduce(evolveCarerDay, loaded.state), position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new DomainError(
      'conflict',
      "The carer's bookings for that day are changing right now. Please try again.",
      'carerId',
    );
  }
}
