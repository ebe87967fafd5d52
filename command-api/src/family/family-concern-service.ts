import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  familyAccessStreamId,
  familyConcernStreamId,
  familyMemberStreamId,
  type AppointmentEvent,
  type EventStore,
  type FamilyAccessEvent,
  type FamilyConcernEvent,
  type FamilyMemberEvent,
  type RaiseFamilyConcernInput,
} from '@care/events';
import { evolve as evolveAppointment, initialAppointmentState } from '../appointments/appointment-state';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  evolveFamilyAccess,
  evolveFamilyMember,
  initialFamilyAccessState,
  initialFamilyMemberState,
  type FamilyAccessState,
} from './family-access-state';
import { decideRaiseFamilyConcern, decideReplyFamilyConcern } from './family-concern-decide';
import { evolveFamilyConcern, initialFamilyConcernState, type FamilyConcernState } from './family-concern-state';

/**
 * Family concerns and compliments (docs/features/family-concerns.md): a family member raises one about a client of
 * theirs, the office replies. The scope is read from the account's own access streams, never from a read model, so
 * an access withdrawn a moment ago is already refused.
 */
export class FamilyConcernService {
  constructor(private readonly store: EventStore) {}

  async raise(clientId: string, input: RaiseFamilyConcernInput, context: CommandContext): Promise<CommandResult> {
    const [activeClientIds, visitClientId] = await Promise.all([
      this.activeClientIds(context.userId),
      input.appointmentId ? this.visitClientId(input.appointmentId) : Promise.resolve(null),
    ]);
    const concernId = uuidv7();
    const events = decideRaiseFamilyConcern(
      {
        type: 'RaiseFamilyConcern',
        concernId,
        clientId,
        userId: context.userId,
        kind: input.kind,
        appointmentId: input.appointmentId ?? null,
        text: input.text,
      },
      { activeClientIds, visitClientId },
    );
    const appended = await appendEvents(this.store, familyConcernStreamId(concernId), events, 'no_stream', context);
    return { id: concernId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async reply(concernId: string, reply: string, context: CommandContext): Promise<CommandResult> {
    const loaded = await loadStream<FamilyConcernEvent, FamilyConcernState>(
      this.store,
      familyConcernStreamId(concernId),
      evolveFamilyConcern,
      initialFamilyConcernState,
    );
    const events = decideReplyFamilyConcern(loaded.state, reply);
    const appended = await appendEvents(this.store, familyConcernStreamId(concernId), events, loaded.revision, context);
    return { id: concernId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /** The clients whose access of this account is active now. */
  private async activeClientIds(userId: string): Promise<string[]> {
    const member = await loadStream<FamilyMemberEvent, typeof initialFamilyMemberState>(
      this.store,
      familyMemberStreamId(userId),
      evolveFamilyMember,
      initialFamilyMemberState,
    );
    const accesses = await Promise.all(
      member.state.accesses.map((access) =>
        loadStream<FamilyAccessEvent, FamilyAccessState>(
          this.store,
          familyAccessStreamId(access.accessId),
          evolveFamilyAccess,
          initialFamilyAccessState,
        ),
      ),
    );
    return accesses.flatMap(({ state }) =>
      state.exists && state.status === 'active' && state.userId === userId ? [state.clientId] : [],
    );
  }

  /** The client of a visit, or null when there is no such visit. */
  private async visitClientId(appointmentId: string): Promise<string | null> {
    const { state } = await loadStream<AppointmentEvent, typeof initialAppointmentState>(
      this.store,
      appointmentStreamId(appointmentId),
      evolveAppointment,
      initialAppointmentState,
    );
    return state.exists ? state.plan.clientId : null;
  }
}
