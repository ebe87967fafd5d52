import { commandTime } from '@care/events/server';
import {
  carerShiftsStreamId,
  shiftStreamId,
  WrongExpectedRevisionError,
  type CarerShiftBookingEvent,
  type EventMetadata,
  type EventStore,
  type Position,
  type ShiftEvent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { daysTouched, overlaps } from '../appointments/carer-bookings';
import { ShiftClashError, type ShiftClash } from './shift-clash';
import { evolve as evolveShift, initialShiftState, type ShiftState } from './shift-state';

/** A shift to hold in its carer's days. */
export interface ShiftBookingRequest {
  readonly carerId: string;
  readonly shiftId: string;
  readonly start: string;
  readonly end: string;
}

interface HeldShift extends ShiftClash {
  /** When it was booked (from the event's metadata), to recognise one left behind by a crash. */
  readonly bookedAt: string | null;
}

type ShiftDayEvent = CarerShiftBookingEvent & { readonly metadata?: Pick<EventMetadata, 'occurredAt'> };

/** A carer's shifts on one London day, by shift id. */
export interface ShiftDayState {
  readonly shifts: ReadonlyMap<string, HeldShift>;
}

export const initialShiftDayState: ShiftDayState = { shifts: new Map() };

export function evolveShiftDay(state: ShiftDayState, event: ShiftDayEvent): ShiftDayState {
  const shifts = new Map(state.shifts);
  switch (event.type) {
    case 'CarerShiftBooked': {
      const { shiftId, start, end } = event.data;
      shifts.set(shiftId, { shiftId, start, end, bookedAt: event.metadata?.occurredAt ?? null });
      return { shifts };
    }
    case 'CarerShiftReleased':
      shifts.delete(event.data.shiftId);
      return { shifts };
    default:
      return assertNever(event);
  }
}

/** The first other shift of the day that overlaps the request (earliest first), if any. */
export function shiftClashOf(state: ShiftDayState, request: ShiftBookingRequest): HeldShift | undefined {
  return [...state.shifts.values()]
    .filter((held) => held.shiftId !== request.shiftId && overlaps(held, request))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
}

/** Books the shift into one of its days, or refuses it when it overlaps another shift of the carer. Pure. */
export function decideShiftBooking(
  state: ShiftDayState,
  request: ShiftBookingRequest,
  date: string,
): CarerShiftBookingEvent[] {
  const clash = shiftClashOf(state, request);
  if (clash) throw new ShiftClashError({ shiftId: clash.shiftId, start: clash.start, end: clash.end });
  const current = state.shifts.get(request.shiftId);
  if (current && current.start === request.start && current.end === request.end) return [];
  const { carerId, shiftId, start, end } = request;
  return [{ type: 'CarerShiftBooked', data: { carerId, date, shiftId, start, end } }];
}

export function decideShiftRelease(
  state: ShiftDayState,
  carerId: string,
  shiftId: string,
  date: string,
): CarerShiftBookingEvent[] {
  return state.shifts.has(shiftId) ? [{ type: 'CarerShiftReleased', data: { carerId, date, shiftId } }] : [];
}

/** Appends lost to a concurrent booking of the same carer and day are retried on the fresh stream this often. */
const MAX_ATTEMPTS = 25;
/** A booking older than this whose shift does not hold that time was left behind by a crash: it no longer blocks. */
const ORPHANED_AFTER_MS = 60_000;

export interface ShiftBookingReceipt {
  readonly position: Position | undefined;
  /** Gives the days back as they were (when the shift's own append fails). */
  undo(): Promise<void>;
}

/**
 * The carer's per-day shift streams, as visits have theirs (appointments/carer-booking-service.ts): booked
 * before the shift's event is appended, so of two coordinators giving one carer overlapping shifts exactly one
 * succeeds; the other gets a 409 naming the shift it clashes with.
 */
export class ShiftBookings {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = commandTime,
  ) {}

  async book(request: ShiftBookingRequest, context: CommandContext): Promise<ShiftBookingReceipt> {
    const booked: { date: string; previous: HeldShift | undefined; position: Position | undefined }[] = [];
    const undo = async () => {
      for (const { date, previous } of [...booked].reverse()) {
        await this.change(request.carerId, date, context, (state) =>
          previous && !shiftClashOf(state, { ...previous, carerId: request.carerId })
            ? decideShiftBooking(state, { ...previous, carerId: request.carerId }, date)
            : decideShiftRelease(state, request.carerId, request.shiftId, date),
        );
      }
    };
    try {
      for (const date of daysTouched(request.start, request.end)) {
        let previous: HeldShift | undefined;
        const position = await this.bookDay(request, date, context, (state) => {
          previous = state.shifts.get(request.shiftId);
        });
        booked.push({ date, previous, position });
      }
    } catch (error) {
      await undo().catch(() => undefined);
      throw error;
    }
    return { position: latestPosition(...booked.map((day) => day.position)), undo };
  }

  /** Gives up the shift's bookings on these days (cancelled, moved to another carer or other days). */
  async release(
    carerId: string,
    shiftId: string,
    dates: readonly string[],
    context: CommandContext,
  ): Promise<Position | undefined> {
    const positions: (Position | undefined)[] = [];
    for (const date of dates)
      positions.push(
        await this.change(carerId, date, context, (state) => decideShiftRelease(state, carerId, shiftId, date)),
      );
    return latestPosition(...positions);
  }

  /** Books one day; a clash with a booking a crash left behind releases it and tries again. */
  private async bookDay(
    request: ShiftBookingRequest,
    date: string,
    context: CommandContext,
    seen: (state: ShiftDayState) => void,
  ) {
    for (let released = 0; ; released += 1) {
      try {
        return await this.change(request.carerId, date, context, (state) => {
          seen(state);
          return decideShiftBooking(state, request, date);
        });
      } catch (error) {
        if (!(error instanceof ShiftClashError) || released >= 3) throw error;
        if (!(await this.releaseIfOrphaned(request.carerId, date, error.clash.shiftId, context))) throw error;
      }
    }
  }

  private async releaseIfOrphaned(
    carerId: string,
    date: string,
    shiftId: string,
    context: CommandContext,
  ): Promise<boolean> {
    const held = (await this.load(carerId, date)).state.shifts.get(shiftId);
    if (!held || held.bookedAt === null || this.clock().getTime() - Date.parse(held.bookedAt) < ORPHANED_AFTER_MS)
      return false;
    const { state } = await loadStream<ShiftEvent, ShiftState>(
      this.store,
      shiftStreamId(shiftId),
      evolveShift,
      initialShiftState,
    );
    const holds =
      state.exists &&
      !state.cancelled &&
      state.plan.carerId === carerId &&
      overlaps({ start: state.plan.startTime, end: state.plan.endTime }, held);
    if (holds) return false;
    await this.change(carerId, date, context, (day) => decideShiftRelease(day, carerId, shiftId, date));
    return true;
  }

  private load(carerId: string, date: string) {
    return loadStream<ShiftDayEvent, ShiftDayState>(
      this.store,
      carerShiftsStreamId(carerId, date),
      evolveShiftDay,
      initialShiftDayState,
    );
  }

  /** Load, decide, append with the expected revision; a lost race is retried on the fresh stream. */
  private async change(
    carerId: string,
    date: string,
    context: CommandContext,
    decideChange: (state: ShiftDayState) => CarerShiftBookingEvent[],
  ): Promise<Position | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const loaded = await this.load(carerId, date);
      const events = decideChange(loaded.state);
      if (events.length === 0) return undefined;
      try {
        return (await appendEvents(this.store, carerShiftsStreamId(carerId, date), events, loaded.revision, context))
          .position;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new DomainError(
      'conflict',
      "The carer's shifts for that day are changing right now. Please try again.",
      'carerId',
    );
  }
}
