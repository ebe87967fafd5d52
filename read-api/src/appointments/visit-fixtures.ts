import { randomUUID } from 'node:crypto';
import {
  appointmentStreamId,
  carerBookingsStreamId,
  londonToday,
  positionToToken,
  shiftStreamId,
  type AppointmentEvent,
  type CarerBookingEvent,
  type EventStore,
  type NewEvent,
  type ShiftEvent,
} from '@care/events';

/**
 * Test fixtures: appointment and shift events appended straight to the real event store (the command side's
 * rules are tested there); the real projector turns them into the read model these tests query.
 */
export class VisitLog {
  /** The position of the last append: a read sends it to wait for the projection (read your writes). */
  lastPosition = '';

  constructor(
    private readonly store: EventStore,
    private readonly userId: string,
  ) {}

  private async append(
    streamId: string,
    events: readonly (AppointmentEvent | CarerBookingEvent | ShiftEvent)[],
  ): Promise<void> {
    const existing = await this.store.readStream(streamId);
    const correlationId = randomUUID();
    const stamped: NewEvent[] = events.map((event) => ({
      eventId: randomUUID(),
      type: event.type,
      schemaVersion: 1,
      data: event.data,
      metadata: {
        userId: this.userId,
        occurredAt: new Date().toISOString(),
        correlationId,
        causationId: correlationId,
      },
    }));
    const result = await this.store.append(
      streamId,
      stamped,
      existing.length === 0 ? 'no_stream' : existing.at(-1)!.revision,
    );
    this.lastPosition = positionToToken(result.position);
  }

  /** A new visit and what happened to it; returns its id. */
  async visit(
    plan: {
      clientId: string;
      carerId: string | null;
      scheduledStart: string;
      durationMinutes: number;
      tasks?: string[];
      notes?: string | null;
    },
    ...then: ((id: string) => AppointmentEvent)[]
  ): Promise<string> {
    const id = randomUUID();
    // Booked into the carer's day first, as the command API does: its carer checks find a carer's visits there.
    if (plan.carerId !== null) {
      const end = new Date(Date.parse(plan.scheduledStart) + plan.durationMinutes * 60_000).toISOString();
      const date = londonToday(new Date(plan.scheduledStart));
      const booked = {
        carerId: plan.carerId,
        date,
        appointmentId: id,
        clientId: plan.clientId,
        start: new Date(plan.scheduledStart).toISOString(),
        end,
      };
      await this.append(carerBookingsStreamId(plan.carerId, date), [{ type: 'CarerBooked', data: booked }]);
    }
    await this.append(appointmentStreamId(id), [
      {
        type: 'AppointmentScheduled',
        data: {
          id,
          seriesId: null,
          visitType: 'personal_care',
          priority: 'normal',
          tasks: [],
          notes: null,
          ...plan,
        },
      },
      ...then.map((event) => event(id)),
    ]);
    return id;
  }

  async then(id: string, ...events: ((id: string) => AppointmentEvent)[]): Promise<void> {
    await this.append(
      appointmentStreamId(id),
      events.map((event) => event(id)),
    );
  }

  async shift(
    plan: { carerId: string; startTime: string; endTime: string; status?: 'confirmed' | 'pending' },
    cancelled = false,
  ): Promise<string> {
    const id = randomUUID();
    const events: ShiftEvent[] = [
      {
        type: 'ShiftPlanned',
        data: {
          id,
          shiftType: 'morning',
          breakMinutes: 30,
          location: 'Leeds North',
          notes: null,
          status: 'confirmed',
          ...plan,
        },
      },
    ];
    if (cancelled) events.push({ type: 'ShiftCancelled', data: { id, reason: 'Sickness' } });
    await this.append(shiftStreamId(id), events);
    return id;
  }
}

export const checkedIn =
  (
    carerId: string,
    checkedInAt: string,
    late: { lateArrival: boolean; lateReason?: string | null } = { lateArrival: false },
  ) =>
  (id: string): AppointmentEvent => ({
    type: 'VisitCheckedIn',
    data: {
      id,
      carerId,
      checkedInAt,
      location: { latitude: 53.8, longitude: -1.55, accuracy: 12, address: '4 Mill Lane, Leeds' },
      source: 'Mobile',
      manualInputReason: null,
      lateArrival: late.lateArrival,
      lateReason: late.lateReason ?? null,
    },
  });

export const checkedOut =
  (
    checkedOutAt: string,
    outcome: {
      tasksCompleted?: string[];
      medicationGiven?: boolean;
      notes?: string | null;
      signature?: string | null;
      clientRating?: number | null;
    } = {},
  ) =>
  (id: string): AppointmentEvent => ({
    type: 'VisitCheckedOut',
    data: {
      id,
      checkedOutAt,
      tasksCompleted: [],
      medicationGiven: false,
      clientMood: 'content',
      healthObservations: null,
      notes: null,
      signature: null,
      travelTimeMinutes: 12,
      mileageTenths: 34,
      expensesPence: 450,
      location: null,
      source: 'Mobile',
      manualInputReason: null,
      ...outcome,
    },
  });

export const cancelled =
  (reason: string) =>
  (id: string): AppointmentEvent => ({ type: 'AppointmentCancelled', data: { id, reason } });
export const runningLate =
  (detectedAt: string) =>
  (id: string): AppointmentEvent => ({ type: 'VisitRunningLate', data: { id, detectedAt } });
export const missed =
  (detectedAt: string) =>
  (id: string): AppointmentEvent => ({ type: 'VisitMissed', data: { id, detectedAt } });
