import {
  offlineRecordStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type Position,
  type UnappliedOfflineRecordRequest,
} from '@care/events';
import type { z } from 'zod';
import type { unappliedOfflineRecordRequestSchema } from '@care/events';
import { AlertService } from '../alerts/alert-service';
import type { CommandContext } from '../shared/actor';
import { CarerWork, type WriterScope } from '../shared/carer-work';
import { DomainError } from '../shared/domain-error';
import { appendEvents } from '../shared/event-stream';
import { unappliedRecordAlert } from './unapplied-record-alert';

type UnappliedInput = z.output<typeof unappliedOfflineRecordRequestSchema>;
export type { UnappliedOfflineRecordRequest };

export interface UnappliedResult {
  readonly id: string;
  readonly alertId: string;
  readonly revision: bigint;
  readonly position: Position | undefined;
}

/** A visit's address: /api/appointments/<id>/check-out names the visit a record was about. */
const VISIT_PATH = /^\/api\/appointments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/**
 * Keeps a refused offline record in the log and tells the office: the fact first (`OfflineRecordUnapplied` on the
 * record's own stream, expecting none, so a phone that reports the same record twice records it once), then its
 * alert (rule `offline-record-unapplied`, subject the record's id, raised once however often it is tried).
 */
export class OfflineRecordService {
  private readonly alerts: AlertService;

  constructor(
    private readonly store: EventStore,
    private readonly work: CarerWork = new CarerWork(store),
  ) {
    this.alerts = new AlertService(store);
  }

  async reportUnapplied(
    input: UnappliedInput,
    sender: { readonly userId: string; readonly name: string; readonly scope: WriterScope },
    context: CommandContext,
  ): Promise<UnappliedResult> {
    const carerId = await this.work.carerIdOf(sender.userId);
    const visit = await this.visitOf(input.path, sender.scope);
    const capturedAt = new Date(input.capturedAt).toISOString();
    const id = input.recordId;
    let revision = 0n;
    let position: Position | undefined;
    try {
      const appended = await appendEvents(
        this.store,
        offlineRecordStreamId(id),
        [
          {
            type: 'OfflineRecordUnapplied',
            data: {
              id,
              carerId,
              appointmentId: visit?.id ?? null,
              deviceId: input.deviceId,
              capturedAt,
              method: input.method,
              path: input.path,
              label: input.label,
              content: JSON.stringify(input.body ?? null),
              status: input.status,
              reason: input.reason,
            },
          },
        ],
        'no_stream',
        context,
      );
      revision = appended.nextExpectedRevision;
      position = appended.position;
    } catch (error) {
      // Reported before (another key, or a retry after a lost reply): the first report stands, the alert below is
      // raised if the first attempt stopped before it.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    const raised = await this.alerts.raise(
      unappliedRecordAlert({
        id,
        recordedBy: sender.name,
        label: input.label,
        capturedAt,
        reason: input.reason,
        body: input.body,
        appointmentId: visit?.id ?? null,
        clientId: visit?.clientId ?? null,
      }),
      context,
    );
    return {
      id,
      alertId: raised.alertId,
      revision,
      position: raised.position ?? position,
    };
  }

  /**
   * The visit the record's address names, when it exists (the record may be about a visit since removed) and lies
   * in the sender's work: a carer links the report to one of their own visits only, as every other write of theirs,
   * so a report cannot attach a client outside their work to an office alert. The path itself is kept either way,
   * so a visit taken from the carer while their phone was offline is still named in the record.
   */
  private async visitOf(path: string, scope: WriterScope): Promise<{ id: string; clientId: string } | null> {
    const id = VISIT_PATH.exec(path)?.[1]?.toLowerCase();
    if (id === undefined) return null;
    const visit = await this.work.assertVisit(scope, id, { message: 'Visit not found' }).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    return visit ? { id, clientId: visit.plan.clientId } : null;
  }
}
