import {
  alertStreamId,
  WrongExpectedRevisionError,
  type AlertSeverity,
  type AlertSliceEvent,
  type EventStore,
  type Position,
} from '@care/events';
import { simulatedTime } from '@care/events/server';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { assertActiveUser } from '../shared/active-user';
import { appendEvents, loadStream, readEvents, type LoadedStream } from '../shared/event-stream';
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

/** An alert as read, with when it was raised or last reopened: escalation waits count from then. */
export interface OpenedAlert extends LoadedStream<AlertState> {
  /** The instant of the latest AlertRaised or AlertReopened, and that event's revision (undefined: no alert). */
  readonly openedAt: string | undefined;
  readonly openedRevision: bigint | undefined;
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

  /** Puts an open alert aside until `until` (ahead of the server's time, at most a week: decide checks both). */
  snooze(
    alertId: string,
    until: string,
    reason: string,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const now = (simulatedTime() ?? new Date()).toISOString();
    return this.run({ type: 'SnoozeAlert', id: alertId, until, reason, now }, ifMatch, context);
  }

  /** Takes a snooze off early: the alert counts again now. */
  unsnooze(alertId: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'UnsnoozeAlert', id: alertId }, ifMatch, context);
  }

  /**
   * The rules process: ends the alert's snooze iff its time has come by `now`. Appended expecting the revision
   * read, so of two processes ending it at once one appends and the other, reading again, finds it over.
   */
  async endSnoozeBySystem(alertId: string, now: Date, context: CommandContext): Promise<boolean> {
    return this.runForSystem(alertId, { type: 'EndAlertSnoozeBySystem', id: alertId, now: now.toISOString() }, context);
  }

  /** The alert as it stands (for the follow-up task it copies from); refuses an unknown id with 404. */
  async load(alertId: string): Promise<LoadedStream<AlertState>> {
    return loadStream<AlertSliceEvent, AlertState>(this.store, alertStreamId(alertId), evolve, initialAlertState);
  }

  /** The alert with when it was opened (raised or reopened), for the escalation job. */
  async loadOpened(alertId: string): Promise<OpenedAlert> {
    const events = await readEvents(this.store, alertStreamId(alertId));
    const state = events.reduce(
      (current, event) => evolve(current, event as unknown as AlertSliceEvent),
      initialAlertState,
    );
    const opened = events.findLast((event) => event.type === 'AlertRaised' || event.type === 'AlertReopened');
    const lastEvent = events.at(-1);
    return {
      state,
      revision: lastEvent ? lastEvent.revision : 'no_stream',
      lastEvent,
      openedAt: opened?.metadata.occurredAt,
      openedRevision: opened?.revision,
    };
  }

  /**
   * An escalation of the alert as it was read: decides at once (a step already recorded, or an alert acknowledged
   * meanwhile, throws DomainError before anyone is mailed) and answers the append, to run once the mail is in the
   * outbox. The append expects the revision read, so of two rules processes escalating at once one appends and the
   * other gets WrongExpectedRevisionError; read again, its decide refuses the step.
   */
  prepareEscalation(
    command: Extract<AlertCommand, { type: 'RecordAlertEscalation' }>,
    read: LoadedStream<AlertState>,
    context: CommandContext,
  ): () => Promise<void> {
    const events = decide(command, read.state);
    return async () => {
      await appendEvents(this.store, alertStreamId(command.id), events, read.revision, context);
    };
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
