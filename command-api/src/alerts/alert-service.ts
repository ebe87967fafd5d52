import {
  alertStreamId,
  WrongExpectedRevisionError,
  type AlertSeverity,
  type AlertSliceEvent,
  type EventStore,
  type Position,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { assertActiveUser } from '../shared/active-user';
import { appendEvents, loadStream, type LoadedStream } from '../shared/event-stream';
import type { AlertCommand, RaiseAlertInput } from './alert-commands';
import { alertIdFor } from './alert-id';
import { evolve, initialAlertState, type AlertState } from './alert-state';
import { decide } from './decide';

/** The result of the rule runner's raise: `raised: false` when this rule already raised it for this subject. */
export interface RaiseResult {
  readonly alertId: string;
  readonly raised: boolean;
  readonly position?: Position;
}

/**
 * Runs alert commands: load the stream, `decide`, append with the expected revision. The rule runner uses raise,
 * resolveBySystem and reopenBySystem; people's routes use the rest (with If-Match).
 */
export class AlertService {
  constructor(private readonly store: EventStore) {}

  /**
   * Raises the rule's alert about the subject, exactly once: the id is derived from rule and subject, and the
   * append expects no stream, so a second runner (or a replay after a crash) finds it raised and appends nothing.
   */
  async raise(input: RaiseAlertInput, context: CommandContext): Promise<RaiseResult> {
    const alertId = alertIdFor(input.rule, input.subject);
    const events = decide({ type: 'RaiseAlert', id: alertId, ...input }, initialAlertState);
    try {
      const appended = await appendEvents(this.store, alertStreamId(alertId), events, 'no_stream', context);
      return { alertId, raised: true, position: appended.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return { alertId, raised: false };
      throw error;
    }
  }

  /** The rule's condition cleared: resolves the alert iff it is open. False when there was nothing to do. */
  async resolveBySystem(alertId: string, note: string, context: CommandContext): Promise<boolean> {
    return this.runForSystem(alertId, { type: 'ResolveAlertBySystem', id: alertId, note }, context);
  }

  /** The condition holds again: reopens the alert iff the system (not a person) resolved it last. */
  async reopenBySystem(alertId: string, reason: string, context: CommandContext): Promise<boolean> {
    return this.runForSystem(alertId, { type: 'ReopenAlertBySystem', id: alertId, reason }, context);
  }

  acknowledge(
    alertId: string,
    note: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'AcknowledgeAlert', id: alertId, note }, ifMatch, context);
  }

  assign(
    alertId: string,
    assignedTo: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'AssignAlert', id: alertId, assignedTo }, ifMatch, context, async () => {
      if (assignedTo !== null) await assertActiveUser(this.store, assignedTo, 'assignedTo');
    });
  }

  escalate(
    alertId: string,
    severity: AlertSeverity,
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'EscalateAlert', id: alertId, severity, reason }, ifMatch, context);
  }

  resolve(alertId: string, note: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'ResolveAlert', id: alertId, note }, ifMatch, context);
  }

  reopen(
    alertId: string,
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.run({ type: 'ReopenAlert', id: alertId, reason }, ifMatch, context);
  }

  /** The alert as it stands (for the follow-up task it copies from); refuses an unknown id with 404. */
  async load(alertId: string): Promise<LoadedStream<AlertState>> {
    return loadStream<AlertSliceEvent, AlertState>(this.store, alertStreamId(alertId), evolve, initialAlertState);
  }

  /** `check`: what the command names must exist, checked once the alert itself is known (an unknown alert is a 404 first). */
  private async run(
    command: AlertCommand,
    ifMatch: bigint | undefined,
    context: CommandContext,
    check: () => Promise<void> = async () => {},
  ): Promise<CommandResult> {
    const streamId = alertStreamId(command.id);
    const loaded = await this.load(command.id);
    // A stale If-Match comes first: the caller decided on a version that is gone, whatever this one would say.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && ifMatch !== loaded.revision) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decide(command, loaded.state);
    // decide refused an unknown alert above, so the stream exists from here on.
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    await check();
    if (events.length === 0) return { id: command.id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id: command.id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /** A person may have acted between our read and our append: read again once and decide on what is there now. */
  private async runForSystem(alertId: string, command: AlertCommand, context: CommandContext): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await this.load(alertId);
      const events = decide(command, loaded.state);
      if (events.length === 0) return false;
      try {
        await appendEvents(this.store, alertStreamId(alertId), events, loaded.revision, context);
        return true;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 1) throw error;
      }
    }
  }
}
