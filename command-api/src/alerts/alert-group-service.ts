import { alertStreamId, positionToToken, type AlertAudience, type EventStore, type Position } from '@care/events';
import type { CommandContext } from '../shared/actor';
import { appendEvents } from '../shared/event-stream';
import { AlertService } from './alert-service';
import { decideGroupAcknowledgement } from './group-acknowledgement';

export interface GroupAcknowledgeInput {
  readonly group: string;
  readonly members: readonly { readonly id: string; readonly revision: string }[];
  readonly note: string | null;
}

export interface GroupAcknowledged {
  readonly group: string;
  /** How many members this acknowledgement appended to (those already acknowledged needed nothing). */
  readonly acknowledged: number;
  /** The position of the last event appended (null: nothing appended), for reading one's own write. */
  readonly position: string | null;
}

/**
 * Acknowledges a group of alerts: each member's stream read, the whole decided at once (nothing appended when any
 * member is refused), then one AlertAcknowledged per unacknowledged member, each appended expecting the revision it
 * was decided on. Separate streams cannot be appended together, so a person acting on one member in the instant
 * between the decision and its append makes that append (and the reply) a 409 while the members before it stay
 * acknowledged: each of those acknowledgements is true and recorded on its own record.
 */
export class AlertGroupService {
  private readonly alerts: AlertService;

  constructor(private readonly store: EventStore) {
    this.alerts = new AlertService(store);
  }

  async acknowledge(
    input: GroupAcknowledgeInput,
    readable: readonly AlertAudience[],
    context: CommandContext,
  ): Promise<GroupAcknowledged> {
    const members = await Promise.all(
      input.members.map(async (member) => {
        const loaded = await this.alerts.load(member.id);
        return {
          id: member.id,
          seen: BigInt(member.revision),
          state: loaded.state,
          revision: loaded.revision === 'no_stream' ? null : loaded.revision,
        };
      }),
    );
    const appends = decideGroupAcknowledgement(input.group, members, input.note, readable);
    let position: Position | undefined;
    for (const append of appends) {
      const appended = await appendEvents(
        this.store,
        alertStreamId(append.id),
        append.events,
        append.revision,
        context,
      );
      position = appended.position;
    }
    return {
      group: input.group,
      acknowledged: appends.length,
      position: position ? positionToToken(position) : null,
    };
  }
}
