import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  availabilityOf,
  ukDate,
  WrongExpectedRevisionError,
  type AmendVisitCommandInput,
  type AppointmentEvent,
  type AppointmentPlan,
  type CheckInCommandInput,
  type CheckOutCommandInput,
  type EventStore,
  type Position,
  type ScheduleAppointmentCommandInput,
  type ScheduleRecurringCommandInput,
  definedOnly,
} from '@care/events';
import { carePlanTasksFor } from '../care-plans/plan-visit-tasks';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { CarerWork } from '../shared/carer-work';
import { appendEvents, loadStream, type LoadedStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import type { AmendableVisit, AppointmentChanges, AppointmentCommand, CaptureDetails } from './appointment-commands';
import {
  evolve,
  initialAppointmentState,
  scheduledEndOf,
  type AppointmentState,
  type ExistingAppointment,
} from './appointment-state';
import { BookingClashError } from './booking-clash';
import { CarerBookings, type BookingReceipt } from './carer-booking-service';
import { daysTouched, type BookingRequest } from './carer-bookings';
import { APPOINTMENT_NOT_FOUND, decide } from './decide';
import { londonDateOf } from './london-texts';
import { bookableCarer, bookableClient, carerName, loadCarer, loadClient, type BookableCarer } from './visit-parties';
import { DEFAULT_VISIT_TIME_RULES, type VisitTimeRules } from './visit-times';
import { expandWeeklyPattern } from './weekly-pattern';
import { DomainError } from '../shared/domain-error';
import { dosesText, visitDoses } from '../medications/visit-doses';
import { CarerLeaveStream } from '../leave/carer-leave-stream';
import { assertNotOnLeave, NO_LEAVE_OVERRIDE, type LeaveOverride } from '../leave/leave-check';
import { WorkingPatterns } from '../availability/working-pattern-stream';
import { outsidePatternWarnings } from '../availability/outside-pattern';

/** A command's result plus what the coordinator should know but that does not refuse it. */
export interface AppointmentResult extends CommandResult {
  readonly warnings: readonly string[];
}

export interface RecurringResult {
  readonly ids: readonly string[];
  readonly seriesId: string;
  readonly position: Position | undefined;
  readonly warnings: readonly string[];
}

/** Who checks in or out: admins and coordinators record any visit, a carer only the visits assigned to them. */
export interface RecorderIdentity {
  readonly userId: string;
  readonly mayRecordAnyVisit: boolean;
}

type Loaded = LoadedStream<AppointmentState>;

/** What the carer's working pattern says about a booking: the event's flag (empty when inside) and the warnings. */
interface OutsidePattern {
  readonly flag: { readonly outsideWorkingPattern?: true };
  readonly warnings: readonly string[];
  /** The plans outside the pattern (a weekly series flags each occurrence on its own). */
  readonly outsidePlans: ReadonlySet<AppointmentPlan>;
}
const NOT_OUTSIDE: OutsidePattern = { flag: {}, warnings: [], outsidePlans: new Set() };

/**
 * Runs appointment and visit commands: load the stream, `decide`, append with the expected revision. A visit
 * with a carer is booked into the carer's day streams first (no double booking), and the booking is undone when
 * the appointment append fails; a booking the visit no longer needs is released after the append.
 */
export class AppointmentService {
  private readonly bookings: CarerBookings;
  private readonly carerLeave: CarerLeaveStream;
  private readonly patterns: WorkingPatterns;

  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = commandTime,
    private readonly rules: VisitTimeRules = DEFAULT_VISIT_TIME_RULES,
    private readonly work: CarerWork = new CarerWork(store),
  ) {
    this.bookings = new CarerBookings(store, clock);
    this.carerLeave = new CarerLeaveStream(store);
    this.patterns = new WorkingPatterns(store);
  }

  async schedule(
    input: ScheduleAppointmentCommandInput,
    context: CommandContext,
    override: LeaveOverride = NO_LEAVE_OVERRIDE,
  ): Promise<AppointmentResult> {
    const id = uuidv7();
    const plan = planOf({
      ...input,
      tasks: input.tasks ?? (await carePlanTasksFor(this.store, input.clientId, input.visitType)),
    });
    const carerId = input.carerId ?? null;
    bookableClient(await loadClient(this.store, plan.clientId));
    const carer = carerId === null ? undefined : bookableCarer(await loadCarer(this.store, carerId));
    const leaveOverrideReason =
      carer && carerId ? await this.assertNotOnLeave(carer, carerId, [plan], override) : undefined;
    const outside = carer && carerId ? await this.outsidePattern(carer, carerId, [plan]) : NOT_OUTSIDE;
    const events = decide(
      {
        type: 'ScheduleAppointment',
        id,
        carerId,
        seriesId: null,
        plan,
        ...definedOnly({ leaveOverrideReason }),
        ...outside.flag,
      },
      initialAppointmentState,
    );
    const receipt = carer && carerId ? await this.bookings.book(bookingOf(id, carerId, plan), context) : undefined;
    const appended = await this.appendOrUndo(id, events, 'no_stream', context, receipt);
    return {
      ...appended,
      position: latestPosition(receipt?.position, appended.position),
      warnings: [...dailyLimitWarnings(carer, receipt), ...outside.warnings],
    };
  }

  /** A weekly pattern: every occurrence is checked against the carer's bookings before anything is written. */
  async scheduleRecurring(
    input: ScheduleRecurringCommandInput,
    context: CommandContext,
    override: LeaveOverride = NO_LEAVE_OVERRIDE,
  ): Promise<RecurringResult> {
    const { daysOfWeek, startTime, startDate, untilDate, ...fields } = input;
    const starts = expandWeeklyPattern({ daysOfWeek, startTime, startDate, untilDate });
    const seriesId = uuidv7();
    const carerId = fields.carerId ?? null;
    fields.tasks ??= await carePlanTasksFor(this.store, fields.clientId, fields.visitType);
    const occurrences = starts.map((scheduledStart) => ({ id: uuidv7(), plan: planOf({ ...fields, scheduledStart }) }));
    bookableClient(await loadClient(this.store, fields.clientId));
    const carer = carerId === null ? undefined : bookableCarer(await loadCarer(this.store, carerId));
    const plans = occurrences.map(({ plan }) => plan);
    const leaveOverrideReason =
      carer && carerId ? await this.assertNotOnLeave(carer, carerId, plans, override) : undefined;
    // Each occurrence outside the carer's pattern records it; one warning names the first and counts the rest.
    const outside = carer && carerId ? await this.outsidePattern(carer, carerId, plans) : NOT_OUTSIDE;
    const decided = occurrences.map(({ id, plan }) => ({
      id,
      events: decide(
        {
          type: 'ScheduleAppointment',
          id,
          carerId,
          seriesId,
          plan,
          ...definedOnly({ leaveOverrideReason }),
          ...(outside.outsidePlans.has(plan) && { outsideWorkingPattern: true as const }),
        },
        initialAppointmentState,
      ),
    }));

    const receipts: BookingReceipt[] = [];
    if (carer && carerId) {
      const requests = occurrences.map(({ id, plan }) => bookingOf(id, carerId, plan));
      const clashes = await this.bookings.clashesOf(requests, context);
      if (clashes.length > 0) {
        if (clashes.length === 1) throw BookingClashError.single(clashes[0]!);
        const dates = [...new Set(clashes.map((clash) => ukDate(londonDateOf(clash.start))))];
        throw new BookingClashError(
          `Carer is already booked at overlapping times on ${dates.join(', ')}`,
          clashes[0]!,
          clashes,
        );
      }
      try {
        for (const request of requests) receipts.push(await this.bookings.book(request, context));
      } catch (error) {
        await undoAll(receipts);
        throw error;
      }
    }
    const positions: (Position | undefined)[] = receipts.map((receipt) => receipt.position);
    for (const [index, { id, events }] of decided.entries()) {
      try {
        positions.push(
          (await appendEvents(this.store, appointmentStreamId(id), events, 'no_stream', context)).position,
        );
      } catch (error) {
        await undoAll(receipts.slice(index));
        throw error;
      }
    }
    const warnings = [
      ...new Set(receipts.flatMap((receipt) => dailyLimitWarnings(carer, receipt))),
      ...outside.warnings,
    ];
    return { ids: occurrences.map(({ id }) => id), seriesId, position: latestPosition(...positions), warnings };
  }

  async assign(
    id: string,
    carerId: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
    override: LeaveOverride = NO_LEAVE_OVERRIDE,
  ): Promise<AppointmentResult> {
    const loaded = await this.load(id, ifMatch);
    if (decide({ type: 'AssignCarer', id, carerId }, loaded.state).length === 0) return unchanged(id, loaded);
    const current = loaded.state as ExistingAppointment;
    const carer = bookableCarer(await loadCarer(this.store, carerId));
    const leaveOverrideReason = await this.assertNotOnLeave(carer, carerId, [current.plan], override);
    const outside = await this.outsidePattern(carer, carerId, [current.plan]);
    const events = decide(
      { type: 'AssignCarer', id, carerId, ...definedOnly({ leaveOverrideReason }), ...outside.flag },
      loaded.state,
    );
    const receipt = await this.bookings.book(bookingOf(id, carerId, current.plan), context);
    const appended = await this.appendOrUndo(id, events, loaded.revision, context, receipt);
    const released = current.carerId
      ? await this.bookings.release(current.carerId, id, daysOf(current.plan), context)
      : undefined;
    return {
      ...appended,
      position: latestPosition(receipt.position, appended.position, released),
      warnings: [...dailyLimitWarnings(carer, receipt), ...outside.warnings],
    };
  }

  async unassign(id: string, ifMatch: bigint | undefined, context: CommandContext): Promise<AppointmentResult> {
    return this.endBooking(id, { type: 'UnassignCarer', id }, ifMatch, context);
  }

  async reschedule(
    id: string,
    input: { scheduledStart: string; durationMinutes: number },
    ifMatch: bigint | undefined,
    context: CommandContext,
    override: LeaveOverride = NO_LEAVE_OVERRIDE,
  ): Promise<AppointmentResult> {
    const loaded = await this.load(id, ifMatch);
    const moved = decide({ type: 'RescheduleAppointment', id, ...input }, loaded.state);
    if (moved.length === 0) return unchanged(id, loaded);
    const current = loaded.state as ExistingAppointment;
    if (current.carerId === null) return { ...(await this.append(id, moved, loaded.revision, context)), warnings: [] };
    const carer = bookableCarer(await loadCarer(this.store, current.carerId));
    const plan = { ...current.plan, ...input };
    // Moving a visit into its carer's approved leave is refused as booking them then would be.
    const leaveOverrideReason = await this.assertNotOnLeave(carer, current.carerId, [plan], override);
    const events = decide(
      { type: 'RescheduleAppointment', id, ...input, ...definedOnly({ leaveOverrideReason }) },
      loaded.state,
    );
    const receipt = await this.bookings.book(bookingOf(id, current.carerId, plan), context);
    const appended = await this.appendOrUndo(id, events, loaded.revision, context, receipt);
    const newDays = daysOf(plan);
    const oldDays = daysOf(current.plan).filter((date) => !newDays.includes(date));
    const released = await this.bookings.release(current.carerId, id, oldDays, context);
    return {
      ...appended,
      position: latestPosition(receipt.position, appended.position, released),
      warnings: dailyLimitWarnings(carer, receipt),
    };
  }

  async change(
    id: string,
    input: AppointmentChanges,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    const loaded = await this.load(id, ifMatch);
    const changes = definedOnly({
      visitType: input.visitType,
      priority: input.priority,
      tasks: input.tasks,
      notes: input.notes,
    });
    return this.decideAndAppend(id, { type: 'ChangeAppointment', id, changes }, loaded, context);
  }

  cancel(id: string, reason: string, ifMatch: bigint | undefined, context: CommandContext): Promise<AppointmentResult> {
    return this.endBooking(id, { type: 'CancelAppointment', id, reason }, ifMatch, context);
  }

  noShow(
    id: string,
    reason: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    return this.endBooking(id, { type: 'RecordNoShow', id, reason }, ifMatch, context);
  }

  async checkIn(
    id: string,
    input: CheckInCommandInput,
    recorder: RecorderIdentity,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    await this.assertOwnVisit(id, recorder);
    const loaded = await this.load(id, ifMatch);
    const command: AppointmentCommand = {
      type: 'CheckIn',
      id,
      now: this.now(),
      recorder: {
        mayRecordAnyVisit: recorder.mayRecordAnyVisit,
        isAssignedCarer: await this.isAssignedCarer(loaded.state, recorder),
      },
      checkedInAt: input.checkedInAt,
      handEnteredReason: handEnteredReasonOf(input),
      offlineCapturedAt: context.capture?.capturedAt,
      rules: this.rules,
      capture: captureOf(input),
      lateReason: input.lateReason ?? null,
    };
    return this.decideAndAppend(id, command, loaded, context);
  }

  async checkOut(
    id: string,
    input: CheckOutCommandInput,
    recorder: RecorderIdentity,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    await this.assertOwnVisit(id, recorder);
    const loaded = await this.load(id, ifMatch);
    const mayRecord = {
      mayRecordAnyVisit: recorder.mayRecordAnyVisit,
      isAssignedCarer: await this.isAssignedCarer(loaded.state, recorder),
    };
    // Someone who may not record this visit learns nothing about its client's medicines: decide refuses them first.
    const medicationGiven =
      mayRecord.mayRecordAnyVisit || mayRecord.isAssignedCarer
        ? await this.medicationGivenInVisit(loaded.state, input.medicationGiven)
        : input.medicationGiven;
    const command: AppointmentCommand = {
      type: 'CheckOut',
      id,
      now: this.now(),
      recorder: mayRecord,
      checkedOutAt: input.checkedOutAt,
      handEnteredReason: handEnteredReasonOf(input),
      offlineCapturedAt: context.capture?.capturedAt,
      rules: this.rules,
      capture: captureOf(input),
      outcome: {
        tasksCompleted: input.tasksCompleted,
        medicationGiven,
        clientMood: input.clientMood ?? null,
        healthObservations: input.healthObservations ?? null,
        notes: input.notes ?? null,
        signature: input.signature ?? null,
        travelTimeMinutes: input.travelTimeMinutes ?? null,
        mileageTenths: input.mileage ?? null,
        expensesPence: input.expenses ?? null,
      },
      clientRating: input.clientRating ?? null,
      shareWithFamily: input.shareWithFamily,
    };
    return this.decideAndAppend(id, command, loaded, context);
  }

  async amend(
    id: string,
    input: AmendVisitCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    const loaded = await this.load(id, ifMatch);
    const { reason, mileage, expenses, ...rest } = input;
    const changes: Partial<AmendableVisit> = definedOnly({ ...rest, mileageTenths: mileage, expensesPence: expenses });
    return this.decideAndAppend(id, { type: 'AmendVisit', id, now: this.now(), changes, reason }, loaded, context);
  }

  /** The timeliness policy's step for one visit: the stream decides whether it is late or missed by now. */
  async checkTimeliness(id: string, lateGraceMinutes: number, context: CommandContext): Promise<AppointmentEvent[]> {
    const loaded = await this.load(id, undefined);
    const events = decide({ type: 'CheckTimeliness', id, now: this.now(), lateGraceMinutes }, loaded.state);
    if (events.length > 0) await appendEvents(this.store, appointmentStreamId(id), events, loaded.revision, context);
    return events;
  }

  /**
   * Beside the double-booking check: a carer on approved leave at any of these visits' times is refused unless an
   * administrator gives a reason (returned, to be recorded in the visit's event).
   */
  private assertNotOnLeave(
    carer: BookableCarer,
    carerId: string,
    plans: readonly AppointmentPlan[],
    override: LeaveOverride,
  ): Promise<string | undefined> {
    const spans = plans.map((plan) => ({ start: plan.scheduledStart, end: scheduledEndOf(plan) }));
    return assertNotOnLeave(this.carerLeave, { carerId, name: carerName(carer) }, spans, override);
  }

  /**
   * Whether the visits are outside the carer's working pattern, read from the carer's pattern stream: a warning to
   * show, and the flag the visit's event records. Never a refusal: coordinators cover gaps with willing carers.
   */
  private async outsidePattern(
    carer: BookableCarer,
    carerId: string,
    plans: readonly AppointmentPlan[],
  ): Promise<OutsidePattern> {
    const pattern = await this.patterns.of(carerId);
    const spanOf = (plan: AppointmentPlan) => ({ start: plan.scheduledStart, end: scheduledEndOf(plan) });
    const warnings = outsidePatternWarnings(carerName(carer), pattern, plans.map(spanOf));
    const outsidePlans = new Set(
      plans.filter((plan) => availabilityOf(pattern, plan.scheduledStart, scheduledEndOf(plan)) === 'outside'),
    );
    return { flag: warnings.length > 0 ? { outsideWorkingPattern: true } : {}, warnings, outsidePlans };
  }

  /** Unassign, cancel, no-show: the visit no longer holds its carer's time. */
  private async endBooking(
    id: string,
    command: AppointmentCommand,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ) {
    const loaded = await this.load(id, ifMatch);
    const events = decide(command, loaded.state);
    if (events.length === 0) return unchanged(id, loaded);
    const appended = await this.append(id, events, loaded.revision, context);
    const current = loaded.state as ExistingAppointment;
    const released = current.carerId
      ? await this.bookings.release(current.carerId, id, daysOf(current.plan), context)
      : undefined;
    return { ...appended, position: latestPosition(appended.position, released), warnings: [] };
  }

  private async decideAndAppend(
    id: string,
    command: AppointmentCommand,
    loaded: Loaded,
    context: CommandContext,
  ): Promise<AppointmentResult> {
    const events = decide(command, loaded.state);
    if (events.length === 0) return unchanged(id, loaded);
    return { ...(await this.append(id, events, loaded.revision, context)), warnings: [] };
  }

  private async append(
    id: string,
    events: readonly AppointmentEvent[],
    revision: Loaded['revision'],
    context: CommandContext,
  ): Promise<CommandResult> {
    const appended = await appendEvents(this.store, appointmentStreamId(id), events, revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /** Appends the appointment's events; if that fails (a stale revision), the carer's new booking is given back. */
  private async appendOrUndo(
    id: string,
    events: readonly AppointmentEvent[],
    revision: Loaded['revision'],
    context: CommandContext,
    receipt: BookingReceipt | undefined,
  ): Promise<CommandResult> {
    try {
      return await this.append(id, events, revision, context);
    } catch (error) {
      await receipt?.undo();
      throw error;
    }
  }

  private async load(id: string, ifMatch: bigint | undefined): Promise<Loaded> {
    const streamId = appointmentStreamId(id);
    const loaded = await loadStream<AppointmentEvent, AppointmentState>(
      this.store,
      streamId,
      evolve,
      initialAppointmentState,
    );
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  /**
   * Check-out waits for every dose due in the visit to have an outcome (given, refused with a reason, …): 409
   * naming them. "Medication given" then comes from those records, not from a separate tick; a visit with no dose
   * due keeps what the form says.
   */
  private async medicationGivenInVisit(state: AppointmentState, ticked: boolean): Promise<boolean> {
    if (!state.exists || state.status !== 'in_progress') return ticked;
    const doses = await visitDoses(
      this.store,
      state.plan.clientId,
      state.plan.scheduledStart,
      scheduledEndOf(state.plan),
      this.now(),
    );
    const open = doses.filter((dose) => dose.status === null);
    if (open.length > 0) {
      throw new DomainError(
        'conflict',
        `Record an outcome for each medication due in this visit before checking out: ${dosesText(open)}`,
        'medications',
      );
    }
    return doses.length === 0 ? ticked : doses.some((dose) => dose.status === 'given');
  }

  /**
   * A carer records only the visits assigned to them; any other answers as a visit that does not exist, before
   * its revision (If-Match) or its state is told.
   */
  private async assertOwnVisit(id: string, recorder: RecorderIdentity): Promise<void> {
    if (recorder.mayRecordAnyVisit) return;
    await this.work.assertVisit({ kind: 'carer', userId: recorder.userId }, id, { message: APPOINTMENT_NOT_FOUND });
  }

  /** Whether the visit's carer record is linked to the recorder's account (only asked for carers). */
  private async isAssignedCarer(state: AppointmentState, recorder: RecorderIdentity): Promise<boolean> {
    if (recorder.mayRecordAnyVisit || !state.exists || state.carerId === null) return false;
    const carer = await loadCarer(this.store, state.carerId);
    return carer.exists && carer.userId === recorder.userId;
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

function planOf(input: Omit<ScheduleAppointmentCommandInput, 'carerId'>): AppointmentPlan {
  return {
    clientId: input.clientId,
    scheduledStart: input.scheduledStart,
    durationMinutes: input.durationMinutes,
    visitType: input.visitType,
    priority: input.priority,
    tasks: input.tasks ?? [],
    notes: input.notes ?? null,
  };
}

function bookingOf(appointmentId: string, carerId: string, plan: AppointmentPlan): BookingRequest {
  return { carerId, appointmentId, clientId: plan.clientId, start: plan.scheduledStart, end: scheduledEndOf(plan) };
}

const daysOf = (plan: AppointmentPlan) => daysTouched(plan.scheduledStart, scheduledEndOf(plan));

function captureOf(input: CheckInCommandInput | CheckOutCommandInput): CaptureDetails {
  return { location: input.location, source: input.source, manualInputReason: input.manualInputReason ?? null };
}

/** A Manual entry's reason also explains the time it gives, so the form need not ask twice. */
function handEnteredReasonOf(input: CheckInCommandInput | CheckOutCommandInput): string | null {
  return input.handEnteredReason ?? input.manualInputReason ?? null;
}

/** "<carer> is booked with 9 clients on 21/11/2026, above their limit of 8": a warning, not a refusal. */
function dailyLimitWarnings(carer: BookableCarer | undefined, receipt: BookingReceipt | undefined): string[] {
  if (!carer || !receipt) return [];
  const limit = carer.profile.maxClientsPerDay;
  return receipt.days
    .filter((day) => day.clients > limit)
    .map(
      (day) =>
        `${carerName(carer)} is booked with ${day.clients} clients on ${ukDate(day.date)}, above their limit of ${limit}`,
    );
}

function unchanged(id: string, loaded: Loaded): AppointmentResult {
  return {
    id,
    revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
    position: loaded.lastEvent?.position,
    warnings: [],
  };
}

async function undoAll(receipts: readonly BookingReceipt[]): Promise<void> {
  for (const receipt of receipts) await receipt.undo().catch(() => undefined);
}
