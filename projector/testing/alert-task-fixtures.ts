import { randomUUID } from 'node:crypto';
import {
  alertStreamId,
  definitionOf,
  positionToToken,
  RULES_USER,
  taskStreamId,
  type AlertSliceEvent,
  type EventStore,
  type NewEvent,
  type TaskSliceEvent,
} from '@care/events';

type AlertRaisedData = Extract<AlertSliceEvent, { type: 'AlertRaised' }>['data'];
type TaskCreatedData = Extract<TaskSliceEvent, { type: 'TaskCreated' }>['data'];

/**
 * Test fixtures: alert and task events appended straight to the real event store (the command side's rules are
 * tested there), so read-side tests and benches need no command API for them.
 */
export class AlertTaskLog {
  /** The position of the last append: a read sends it as X-Min-Position to wait for the projections. */
  lastPosition = '';

  constructor(private readonly store: EventStore) {}

  private async append(
    streamId: string,
    events: readonly (AlertSliceEvent | TaskSliceEvent)[],
    userId: string,
    occurredAt?: string,
  ): Promise<void> {
    const existing = await this.store.readStream(streamId);
    const correlationId = randomUUID();
    const stamped: NewEvent[] = events.map((event) => ({
      eventId: randomUUID(),
      type: event.type,
      schemaVersion: definitionOf(event.type).schemaVersion,
      data: event.data,
      metadata: {
        userId,
        occurredAt: occurredAt ?? new Date().toISOString(),
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

  /** Raises an alert as the rule runner would; returns its id. */
  async raise(fields: Partial<AlertRaisedData> = {}, options: { by?: string; at?: string } = {}): Promise<string> {
    const id = fields.id ?? randomUUID();
    const data: AlertRaisedData = {
      id,
      rule: 'visit_late',
      subject: id,
      severity: 'high',
      title: 'Visit running late',
      description: 'Nobody has checked in 15 minutes after the planned start.',
      relatedKind: 'appointment',
      relatedId: id,
      carerId: null,
      clientId: null,
      appointmentId: null,
      actionRequired: null,
      dueDate: null,
      ...fields,
    };
    await this.append(alertStreamId(id), [{ type: 'AlertRaised', data }], options.by ?? RULES_USER, options.at);
    return id;
  }

  async alert(
    id: string,
    event: Exclude<AlertSliceEvent, { type: 'AlertRaised' }>,
    by: string,
    at?: string,
  ): Promise<void> {
    await this.append(alertStreamId(id), [event], by, at);
  }

  /** Creates a task; returns its id. */
  async task(fields: Partial<TaskCreatedData> = {}, by: string, at?: string): Promise<string> {
    const id = fields.id ?? randomUUID();
    const data: TaskCreatedData = {
      id,
      title: 'Call the family',
      description: null,
      type: 'call',
      category: 'care',
      priority: 'medium',
      dueDate: null,
      clientId: null,
      carerId: null,
      appointmentId: null,
      assignedTo: null,
      alertId: null,
      ...fields,
    };
    await this.append(taskStreamId(id), [{ type: 'TaskCreated', data }], by, at);
    return id;
  }

  async taskEvent(
    id: string,
    event: Exclude<TaskSliceEvent, { type: 'TaskCreated' }>,
    by: string,
    at?: string,
  ): Promise<void> {
    await this.append(taskStreamId(id), [event], by, at);
  }
}
