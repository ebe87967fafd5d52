import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  clientPrescriptionsStreamId,
  MISSED_CODE,
  prescriptionStreamId,
  WrongExpectedRevisionError,
  type amendAdministrationRequestSchema,
  type AppointmentEvent,
  type changePrescriptionRequestSchema,
  type EventStore,
  type PrescriptionDetails,
  type PrescriptionEvent,
  type prescribeRequestSchema,
  type PrnEffect,
  type recordAdministrationRequestSchema,
} from '@care/events';
import type { z } from 'zod';
import {
  evolve as evolveAppointment,
  initialAppointmentState,
  type AppointmentState,
} from '../appointments/appointment-state';
import { APPOINTMENT_NOT_FOUND } from '../appointments/decide';
import { loadClient } from '../appointments/visit-parties';
import { CLOCK_SKEW_MS } from '../appointments/visit-times';
import type { CommandContext } from '../shared/actor';
import { assertActiveUser } from '../shared/active-user';
import { CarerWork, type WriterScope } from '../shared/carer-work';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decide, PRESCRIPTION_NOT_FOUND } from './decide';
import { doseRecordId } from './dose-record-id';
import { currentMarKey } from './mar-key';
import type { ClientFacts, PrescriptionCommand, Recorder } from './prescription-commands';
import { evolve, initialPrescriptionState, type PrescriptionState } from './prescription-state';

export type PrescribeInput = z.output<typeof prescribeRequestSchema>;
export type ChangePrescriptionInput = z.output<typeof changePrescriptionRequestSchema>;
export type RecordAdministrationInput = z.output<typeof recordAdministrationRequestSchema>;
export type AmendAdministrationInput = z.output<typeof amendAdministrationRequestSchema>;

/** Who asks: a manager (medications.prescribe) records for any client; a carer only during their own visit. */
export interface MedicationActor {
  readonly userId: string;
  readonly isManager: boolean;
  /** Whose clients' medicines they may write about (a carer: the clients of their work). */
  readonly scope: WriterScope;
}

/** The visits a carer may record doses in: checked in, or just checked out. */
const RECORDABLE_VISIT_STATUSES = new Set(['in_progress', 'completed']);

/** Runs prescription commands: load the stream, `decide`, append with the expected revision. */
export class PrescriptionService {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = commandTime,
    private readonly work: CarerWork = new CarerWork(store),
  ) {}

  async prescribe(input: PrescribeInput, context: CommandContext): Promise<CommandResult> {
    const { clientId, allergyOverrideReason, ...fields } = input;
    const client = await this.clientFacts(clientId);
    const id = uuidv7();
    const events = decide(
      {
        type: 'Prescribe',
        id,
        clientId,
        client,
        details: detailsOf(fields),
        allergyOverrideReason: allergyOverrideReason ?? null,
        now: this.now(),
      },
      initialPrescriptionState,
    );
    // The client's index first: an index entry whose prescription append then failed names no stream and is skipped.
    await appendEvents(
      this.store,
      clientPrescriptionsStreamId(clientId),
      [{ type: 'ClientPrescriptionListed', data: { clientId, prescriptionId: id } }],
      'any',
      context,
    );
    const appended = await appendEvents(this.store, prescriptionStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async change(
    id: string,
    input: ChangePrescriptionInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const { reason, allergyOverrideReason, ...fields } = input;
    return this.run(id, ifMatch, context, async (state) => ({
      type: 'ChangePrescription',
      id,
      client: state.exists ? await this.clientFacts(state.clientId) : { name: '', allergies: [] },
      changes: changesOf(fields),
      reason,
      allergyOverrideReason: allergyOverrideReason ?? null,
      now: this.now(),
    }));
  }

  step(
    id: string,
    type: 'PausePrescription' | 'ResumePrescription' | 'DiscontinuePrescription',
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ) {
    return this.run(id, ifMatch, context, async () => ({ type, id, reason, now: this.now() }));
  }

  async record(
    id: string,
    input: RecordAdministrationInput,
    actor: MedicationActor,
    context: CommandContext,
  ): Promise<CommandResult> {
    const dueAt = input.dueAt === undefined ? null : new Date(input.dueAt).toISOString();
    return this.run(
      id,
      undefined,
      context,
      async (state) => {
        const by = await this.recorder(state, input.appointmentId ?? null, actor);
        if (input.witnessUserId) await assertActiveUser(this.store, input.witnessUserId, 'witnessUserId');
        return {
          type: 'RecordAdministration',
          id,
          by,
          now: this.now(),
          key: await currentMarKey(this.store),
          input: {
            recordId: dueAt === null ? uuidv7() : doseRecordId(id, dueAt),
            dueAt,
            code: input.code,
            administeredAt:
              input.administeredAt === undefined
                ? offlineOrNow(context, this.now())
                : new Date(input.administeredAt).toISOString(),
            doseGiven: input.doseGiven ?? null,
            reason: input.reason ?? null,
            prnReason: input.prnReason ?? null,
            witnessUserId: input.witnessUserId ?? null,
            notes: input.notes ?? null,
          },
        };
      },
      actor.scope,
    );
  }

  /** Mark as Missed (a manager): the dose's outcome is "Missed" with the reason. */
  markMissed(
    id: string,
    dueAtRaw: string,
    reason: string,
    actor: MedicationActor,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.record(id, { dueAt: dueAtRaw, code: MISSED_CODE, reason }, actor, context);
  }

  async amend(
    id: string,
    recordId: string,
    input: AmendAdministrationInput,
    actor: MedicationActor,
    context: CommandContext,
  ): Promise<CommandResult> {
    const { reason, outcomeReason, ...rest } = input;
    const changes = {
      ...(rest.code !== undefined && { code: rest.code }),
      ...(rest.administeredAt !== undefined && { administeredAt: new Date(rest.administeredAt).toISOString() }),
      ...(rest.doseGiven !== undefined && { doseGiven: rest.doseGiven }),
      ...(outcomeReason !== undefined && { reason: outcomeReason }),
      ...(rest.witnessUserId !== undefined && { witnessUserId: rest.witnessUserId }),
      ...(rest.notes !== undefined && { notes: rest.notes }),
    };
    if (rest.witnessUserId) await assertActiveUser(this.store, rest.witnessUserId, 'witnessUserId');
    return this.run(id, undefined, context, async () => ({
      type: 'AmendAdministration',
      id,
      recordId,
      changes,
      reason,
      key: await currentMarKey(this.store),
      by: { userId: actor.userId, carerId: null, appointmentId: null },
    }));
  }

  prnEffect(
    id: string,
    recordId: string,
    effect: PrnEffect,
    notes: string | null,
    actor: MedicationActor,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run(
      id,
      undefined,
      context,
      async () => ({ type: 'RecordPrnEffect', id, recordId, effect, notes }),
      actor.scope,
    );
  }

  private async clientFacts(clientId: string): Promise<ClientFacts> {
    const client = await loadClient(this.store, clientId);
    if (!client.exists || client.removed) throw new DomainError('invalid', 'Client not found', 'clientId');
    return { name: `${client.profile.firstName} ${client.profile.lastName}`, allergies: client.profile.allergies };
  }

  /**
   * The recorder and the visit. A carer records only during (or just after) their own visit to this client: the
   * visit's carer record must be linked to their account. A manager may name a visit, or none.
   */
  private async recorder(
    state: PrescriptionState,
    appointmentId: string | null,
    actor: MedicationActor,
  ): Promise<Recorder> {
    if (!state.exists) return { userId: actor.userId, carerId: null, appointmentId: null };
    if (appointmentId === null) {
      if (actor.isManager) return { userId: actor.userId, carerId: null, appointmentId: null };
      throw new DomainError('invalid', 'Record a dose from your visit to this client', 'appointmentId');
    }
    // A carer's visit must be their own before anything else about it is told (another carer's reads as unknown).
    const visit = actor.isManager
      ? (
          await loadStream<AppointmentEvent, AppointmentState>(
            this.store,
            appointmentStreamId(appointmentId),
            evolveAppointment,
            initialAppointmentState,
          )
        ).state
      : await this.work.assertVisit(actor.scope, appointmentId, {
          message: APPOINTMENT_NOT_FOUND,
          field: 'appointmentId',
        });
    if (!visit.exists || visit.plan.clientId !== state.clientId)
      throw new DomainError('invalid', 'This visit is not to this client', 'appointmentId');
    if (!actor.isManager && !RECORDABLE_VISIT_STATUSES.has(visit.status)) {
      throw new DomainError('conflict', 'Check in to the visit before recording doses', 'appointmentId');
    }
    return { userId: actor.userId, carerId: visit.carerId, appointmentId };
  }

  private async run(
    id: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
    commandFor: (state: PrescriptionState) => Promise<PrescriptionCommand>,
    scope: WriterScope = { kind: 'all' },
  ): Promise<CommandResult> {
    const streamId = prescriptionStreamId(id);
    const loaded = await loadStream<PrescriptionEvent, PrescriptionState>(
      this.store,
      streamId,
      evolve,
      initialPrescriptionState,
    );
    // Before anything about the prescription is told: a carer's refusal for another client's medicine reads as "not found".
    if (loaded.state.exists)
      await this.work.assertClient(scope, loaded.state.clientId, { message: PRESCRIPTION_NOT_FOUND });
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && ifMatch !== loaded.revision) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decide(await commandFor(loaded.state), loaded.state);
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (events.length === 0) return { id, revision, position: loaded.lastEvent?.position };
    // The stream's revision makes one outcome per dose hold under concurrency: of two recorders, one append wins.
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

type DetailFields = Omit<PrescribeInput, 'clientId' | 'allergyOverrideReason'>;

function detailsOf(fields: DetailFields): PrescriptionDetails {
  return {
    ...fields,
    strength: fields.strength ?? null,
    prn: fields.prn ? nullsOf(fields.prn) : null,
    instructions: fields.instructions ?? null,
    endDate: fields.endDate ?? null,
    reviewDate: fields.reviewDate ?? null,
    covert: fields.covert ?? null,
    sideEffects: fields.sideEffects ?? null,
    interactions: fields.interactions ?? null,
  };
}

function nullsOf(prn: NonNullable<DetailFields['prn']>): NonNullable<PrescriptionDetails['prn']> {
  return {
    ...prn,
    signsToLookFor: prn.signsToLookFor ?? null,
    tryFirst: prn.tryFirst ?? null,
    order: prn.order ?? null,
    contactPrescriberWhen: prn.contactPrescriberWhen ?? null,
  };
}

/** Only the fields sent; a blank optional text clears it (null). */
function changesOf(
  fields: Omit<ChangePrescriptionInput, 'reason' | 'allergyOverrideReason'>,
): Partial<PrescriptionDetails> {
  const changes: Partial<PrescriptionDetails> = {};
  for (const [key, value] of Object.entries(fields) as [keyof PrescriptionDetails, unknown][]) {
    if (value === undefined) continue;
    (changes as Record<string, unknown>)[key] =
      key === 'prn' && value !== null ? nullsOf(value as NonNullable<DetailFields['prn']>) : value;
  }
  return changes;
}

/**
 * A dose outcome recorded on the carer's phone while offline happened when the phone says, unless the phone's
 * clock runs ahead of the server's by more than the drift allowed: then only the server's time can be trusted.
 */
function offlineOrNow(context: CommandContext, now: string): string {
  const capturedAt = context.capture?.capturedAt;
  if (capturedAt === undefined || Date.parse(capturedAt) > Date.parse(now) + CLOCK_SKEW_MS) return now;
  return capturedAt;
}
