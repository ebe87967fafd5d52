import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  carePlanStreamId,
  carePlanTemplateStreamId,
  clientStreamId,
  londonToday,
  WrongExpectedRevisionError,
  type AgreeCarePlanCommandInput,
  type CarePlanContent,
  type CarePlanEvent,
  type ChangeCarePlanStatusCommandInput,
  type ClientCarePlanEvent,
  type ClientEvent,
  type CreateCarePlanCommandInput,
  type EventStore,
  type RecordCarePlanReviewCommandInput,
  type ScheduleCarePlanReviewCommandInput,
  type UpdateCarePlanCommandInput,
  type CarePlanTemplateEvent,
} from '@care/events';
import { evolve as evolveClient, initialClientState, type ClientState } from '../clients/client-state';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { Reservations } from '../shared/reservation';
import type { CarePlanCommand } from './care-plan-commands';
import { evolve, initialCarePlanState, type CarePlanState } from './care-plan-state';
import { clientCarePlanReservation } from './client-plan-reservation';
import { decide } from './decide';
import { evolveTemplate, initialTemplateState, type TemplateState } from './template-decide';

/** A command without its id and `today`, which the service adds. */
type PlanCommandBody = CarePlanCommand extends infer C
  ? C extends CarePlanCommand
    ? Omit<C, 'id' | 'today'>
    : never
  : never;

/** The content fields a request sent (a create fills the others; an update changes only these). */
function contentOf(input: Partial<CarePlanContent>): Partial<CarePlanContent> {
  const {
    title,
    description,
    objectives,
    interventions,
    goals,
    riskAssessment,
    allergies,
    medicalConditions,
    emergencyContacts,
    visitTasks,
  } = input;
  return Object.fromEntries(
    Object.entries({
      title,
      description,
      objectives,
      interventions,
      goals,
      riskAssessment,
      allergies,
      medicalConditions,
      emergencyContacts,
      visitTasks,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<CarePlanContent>;
}

/** Runs care-plan commands: load the stream, `decide`, append with the expected revision. */
export class CarePlanService {
  private readonly inUse: Reservations<ClientCarePlanEvent>;

  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date = commandTime,
  ) {
    this.inUse = new Reservations(store, clientCarePlanReservation);
  }

  /**
   * New Care Plan: fields left out come from the template, then allergies, conditions and the emergency contact
   * from the client's record. The client's "plan in use" is claimed first, so two coordinators cannot both start one.
   */
  async create(input: CreateCarePlanCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const client = await this.loadClient(input.clientId);
    const template = input.templateId ? await this.loadTemplate(input.templateId) : null;
    const sent = contentOf(input);
    const content: CarePlanContent = {
      title: sent.title ?? template?.content.title ?? '',
      description: sent.description ?? template?.content.description ?? '',
      objectives: sent.objectives ?? template?.content.objectives ?? [],
      interventions: sent.interventions ?? template?.content.interventions ?? [],
      goals: sent.goals ?? template?.content.goals ?? [],
      riskAssessment: sent.riskAssessment ?? [],
      allergies: sent.allergies ?? client.profile.allergies,
      medicalConditions: sent.medicalConditions ?? client.profile.medicalConditions,
      emergencyContacts:
        sent.emergencyContacts ??
        (client.profile.emergencyContact.trim() !== ''
          ? [
              {
                name: client.profile.emergencyContact,
                phone: client.profile.emergencyPhone,
                relationship: 'Emergency contact',
              },
            ]
          : []),
      visitTasks: sent.visitTasks ?? template?.content.visitTasks ?? [],
    };
    const reason = input.reason ?? (template ? `Started from the template ${template.name}` : 'First version');
    const events = decide(
      {
        type: 'CreateCarePlan',
        id,
        clientId: input.clientId,
        templateId: input.templateId,
        content,
        reviewDate: input.reviewDate,
        reason,
        today: this.today(),
      },
      initialCarePlanState,
    );
    await this.inUse.reserve(input.clientId, id, context);
    try {
      const appended = await appendEvents(this.store, carePlanStreamId(id), events, 'no_stream', context);
      return { id, revision: appended.nextExpectedRevision, position: appended.position };
    } catch (error) {
      await this.inUse.release(input.clientId, id, context);
      throw error;
    }
  }

  update(
    id: string,
    input: UpdateCarePlanCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run(id, { type: 'UpdateCarePlan', changes: contentOf(input), reason: input.reason }, ifMatch, context);
  }

  agree(
    id: string,
    input: AgreeCarePlanCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run(id, { type: 'AgreeCarePlan', ...input }, ifMatch, context);
  }

  scheduleReview(
    id: string,
    input: ScheduleCarePlanReviewCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run(id, { type: 'ScheduleCarePlanReview', ...input }, ifMatch, context);
  }

  recordReview(
    id: string,
    input: RecordCarePlanReviewCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const { changes, ...rest } = input;
    return this.run(id, { type: 'RecordCarePlanReview', ...rest, changes: contentOf(changes) }, ifMatch, context);
  }

  /** Making a plan inactive frees the client for another plan; making it active again claims the client back. */
  async changeStatus(
    id: string,
    input: ChangeCarePlanStatusCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id);
    const { state } = loaded;
    const events = decide({ type: 'ChangeCarePlanStatus', id, ...input }, state);
    if (!state.exists) throw new DomainError('not_found', 'Care plan not found');
    const leavingInactive = state.status === 'inactive' && input.status !== 'inactive';
    if (leavingInactive && events.length > 0) await this.inUse.reserve(state.clientId, id, context);
    let result: CommandResult;
    try {
      result = await this.append(id, loaded, events, ifMatch, context);
    } catch (error) {
      if (leavingInactive) await this.inUse.release(state.clientId, id, context);
      throw error;
    }
    if (input.status === 'inactive' && events.length > 0) await this.inUse.release(state.clientId, id, context);
    return result;
  }

  private today(): string {
    return londonToday(this.now());
  }

  private load(id: string) {
    return loadStream<CarePlanEvent, CarePlanState>(this.store, carePlanStreamId(id), evolve, initialCarePlanState);
  }

  private async run(
    id: string,
    body: PlanCommandBody,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id);
    const events = decide({ ...body, id, today: this.today() } as CarePlanCommand, loaded.state);
    return this.append(id, loaded, events, ifMatch, context);
  }

  private async append(
    id: string,
    loaded: Awaited<ReturnType<CarePlanService['load']>>,
    events: CarePlanEvent[],
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const streamId = carePlanStreamId(id);
    // decide refused an unknown id, so the stream exists from here on.
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== revision)
      throw new WrongExpectedRevisionError(streamId, ifMatch, revision);
    if (events.length === 0) return { id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private async loadClient(clientId: string): Promise<Extract<ClientState, { exists: true }>> {
    const { state } = await loadStream<ClientEvent, ClientState>(
      this.store,
      clientStreamId(clientId),
      evolveClient,
      initialClientState,
    );
    if (!state.exists || state.removed) throw new DomainError('invalid', 'Client not found', 'clientId');
    return state;
  }

  private async loadTemplate(templateId: string): Promise<Extract<TemplateState, { exists: true }>> {
    const { state } = await loadStream<CarePlanTemplateEvent, TemplateState>(
      this.store,
      carePlanTemplateStreamId(templateId),
      evolveTemplate,
      initialTemplateState,
    );
    if (!state.exists) throw new DomainError('invalid', 'Template not found', 'templateId');
    return state;
  }
}
