import { v7 as uuidv7 } from 'uuid';
import {
  appointmentStreamId,
  emergencyStreamId,
  type AppointmentEvent,
  type EventStore,
  type Position,
  type UserEvent,
  type VisitLocation,
  userStreamId,
} from '@care/events';
import { AlertService } from '../alerts/alert-service';
import {
  evolve as evolveAppointment,
  initialAppointmentState,
  type AppointmentState,
} from '../appointments/appointment-state';
import { loadClient } from '../appointments/visit-parties';
import type { CommandContext } from '../shared/actor';
import { CarerWork } from '../shared/carer-work';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { evolveUser, initialUserState, type UserState } from '../users/user-state';
import { emergencyAlert } from './emergency-alert';

export const NOT_YOUR_VISIT = 'No visit of yours has this ID';

export interface EmergencyInput {
  readonly appointmentId: string | null;
  readonly location: VisitLocation | null;
  readonly note: string | null;
}

/** Who pressed the button: their account, its name, and whether they may name any visit (staff) or only their own. */
export interface EmergencyCaller {
  readonly userId: string;
  readonly name: string;
  readonly mayNameAnyVisit: boolean;
}

export interface EmergencyResult {
  readonly id: string;
  readonly alertId: string;
  readonly revision: bigint;
  readonly position: Position | undefined;
}

/**
 * Raise emergency: the fact first (`EmergencyRaised` on its own new stream), then its critical alert through
 * AlertService (rule `emergency`, subject the new emergency's id, so the alert is raised exactly once even if the
 * request is retried after the first append). Everything is read from streams, never from a read model.
 */
export class EmergencyService {
  private readonly alerts: AlertService;

  constructor(
    private readonly store: EventStore,
    private readonly work: CarerWork = new CarerWork(store),
  ) {
    this.alerts = new AlertService(store);
  }

  async raise(input: EmergencyInput, caller: EmergencyCaller, context: CommandContext): Promise<EmergencyResult> {
    const carerId = await this.work.carerIdOf(caller.userId);
    const visit = input.appointmentId === null ? null : await this.visit(input.appointmentId, caller);
    const client = visit === null ? null : await this.client(visit.clientId);
    const raisedBy = (await this.currentName(caller.userId)) ?? caller.name;
    const id = uuidv7();
    const appended = await appendEvents(
      this.store,
      emergencyStreamId(id),
      [
        {
          type: 'EmergencyRaised',
          data: {
            id,
            carerId,
            appointmentId: input.appointmentId,
            clientId: visit?.clientId ?? null,
            location: input.location,
            note: input.note,
          },
        },
      ],
      'no_stream',
      context,
    );
    const raised = await this.alerts.raise(
      emergencyAlert({
        emergencyId: id,
        raisedBy,
        carerId,
        appointmentId: input.appointmentId,
        client,
        location: input.location,
        note: input.note,
      }),
      context,
    );
    return {
      id,
      alertId: raised.alertId,
      revision: appended.nextExpectedRevision,
      position: raised.position ?? appended.position,
    };
  }

  /** The account's name now (the session keeps the one from sign-in, which a change on /settings leaves behind). */
  private async currentName(userId: string): Promise<string | undefined> {
    const { state } = await loadStream<UserEvent, UserState>(
      this.store,
      userStreamId(userId),
      evolveUser,
      initialUserState,
    );
    if (!state.exists) return undefined;
    return `${state.profile.firstName} ${state.profile.lastName}`.trim() || undefined;
  }

  /**
   * The visit the screen named. A carer may name only a visit assigned to them: any other answers as an unknown
   * one (404), so the alert names only a client of the carer's own visit. Staff naming a missing visit: 400.
   */
  private async visit(appointmentId: string, caller: EmergencyCaller): Promise<{ clientId: string }> {
    if (!caller.mayNameAnyVisit) {
      const visit = await this.work.assertVisit({ kind: 'carer', userId: caller.userId }, appointmentId, {
        message: NOT_YOUR_VISIT,
        field: 'appointmentId',
      });
      return { clientId: visit.plan.clientId };
    }
    const { state } = await loadStream<AppointmentEvent, AppointmentState>(
      this.store,
      appointmentStreamId(appointmentId),
      evolveAppointment,
      initialAppointmentState,
    );
    if (!state.exists) throw new DomainError('invalid', NOT_YOUR_VISIT, 'appointmentId');
    return { clientId: state.plan.clientId };
  }

  private async client(clientId: string): Promise<{ id: string; name: string; address: string } | null> {
    const state = await loadClient(this.store, clientId);
    if (!state.exists) return null;
    return {
      id: clientId,
      name: `${state.profile.firstName} ${state.profile.lastName}`,
      address: state.profile.address,
    };
  }
}
