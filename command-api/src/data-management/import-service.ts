import { randomUUID } from 'node:crypto';
import {
  dataImportStreamId,
  trainingCompletionKey,
  type DomainEvent,
  type EventStore,
  type ImportList,
  type ImportReport,
  type Position,
} from '@care/events';
import { CarerService } from '../carers/carer-service';
import { employeeIdReservation } from '../carers/employee-id-reservation';
import { clientIdReservation } from '../clients/client-id-reservation';
import { ClientService } from '../clients/client-service';
import type { CommandContext } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  evolveReservation,
  initialReservationState,
  type ReservationKind,
  type ReservationState,
} from '../shared/reservation';
import { trainingCompletionReservation } from '../training/training-completion-reservation';
import { TrainingService } from '../training/training-service';
import { employeeIdsIn, readImportRows, type ImportInput, type ReadRow } from './import-rows';

const KEYS: Record<ImportList, ReservationKind<DomainEvent>> = {
  carers: employeeIdReservation as unknown as ReservationKind<DomainEvent>,
  clients: clientIdReservation as unknown as ReservationKind<DomainEvent>,
  training: trainingCompletionReservation as unknown as ReservationKind<DomainEvent>,
};

/**
 * Import Data. A dry run reads every row through the form's request schema and looks each key up in its reservation
 * stream (the same one that keeps employee and client IDs unique, or holds a training completion), never in a read
 * model, which may lag behind the events: create, skip (already there), or refuse with
 * the row, column and message. Nothing is appended. The import runs the same reading first and, if any row is
 * refused, imports nothing (all or nothing from the user's point of view); otherwise each new row goes through the
 * same service as the screen's form (CarerService.register, ClientService.register: decide, reservation, append),
 * and the import itself is recorded as DataImported. Rows are matched by key, so a second run creates nothing.
 */
export class ImportService {
  private readonly carers: CarerService;
  private readonly clients: ClientService;
  private readonly training: TrainingService;

  constructor(private readonly store: EventStore) {
    this.carers = new CarerService(store);
    this.clients = new ClientService(store);
    this.training = new TrainingService(store);
  }

  async run(
    list: ImportList,
    csv: string,
    dryRun: boolean,
    context: CommandContext,
  ): Promise<{ report: ImportReport; position?: Position }> {
    // Training rows name their carer by employee ID: each is looked up in the reservation that keeps it unique.
    const carerIds = new Map<string, string>();
    if (list === 'training') {
      for (const employeeId of employeeIdsIn(csv)) {
        const holder = await this.holder('carers', employeeId);
        if (holder) carerIds.set(employeeId.toLowerCase(), holder);
      }
    }
    const rows = readImportRows(list, csv, carerIds);
    for (const row of rows) {
      if (row.report.outcome === 'create' && row.input && (await this.exists(row.input))) row.report.outcome = 'skip';
    }
    const refused = rows.some((row) => row.report.outcome === 'refuse');
    if (dryRun || refused) return { report: reportOf(list, rows, dryRun, false, null) };

    let position: Position | undefined;
    for (const row of rows) {
      if (row.report.outcome !== 'create' || !row.input) continue;
      try {
        position = (await this.create(row.input, context)).position ?? position;
      } catch (error) {
        // Taken since the check (another admin, another tab): the key is there, which is what a re-run wants.
        if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
        row.report.outcome = 'skip';
      }
    }
    const importId = randomUUID();
    const created = rows.filter((row) => row.report.outcome === 'create').length;
    const appended = await appendEvents(
      this.store,
      dataImportStreamId(importId),
      [{ type: 'DataImported', data: { importId, list, rows: rows.length, created, skipped: rows.length - created } }],
      'no_stream',
      context,
    );
    return { report: reportOf(list, rows, false, true, importId), position: appended.position };
  }

  /** Who holds a key: its reservation stream's holder (a carer's or client's id), or null. */
  private async holder(list: ImportList, key: string): Promise<string | null> {
    const kind = KEYS[list];
    const evolve = (state: ReservationState, event: DomainEvent) => evolveReservation(kind, state, event);
    return (await loadStream(this.store, kind.streamId(key), evolve, initialReservationState)).state.holder;
  }

  /** Whether the row is already there: its employee ID, client ID or training completion is held. */
  private async exists(row: ImportInput): Promise<boolean> {
    if (row.list === 'carers') return (await this.holder('carers', row.input.employeeId)) !== null;
    if (row.list === 'clients') return (await this.holder('clients', row.input.clientId)) !== null;
    return (await this.holder('training', trainingCompletionKey(row.input))) !== null;
  }

  private create(row: ImportInput, context: CommandContext) {
    if (row.list === 'carers') return this.carers.register(row.input, context);
    if (row.list === 'clients') return this.clients.register(row.input, context);
    // Like an employee ID taken since the check: a completion recorded since is a conflict, so the row is skipped.
    return this.training.record(row.input, context, true);
  }
}

function reportOf(
  list: ImportList,
  rows: readonly ReadRow[],
  dryRun: boolean,
  applied: boolean,
  importId: string | null,
): ImportReport {
  const count = (outcome: string) => rows.filter((row) => row.report.outcome === outcome).length;
  return {
    importId,
    list,
    dryRun,
    applied,
    counts: { rows: rows.length, create: count('create'), skip: count('skip'), refuse: count('refuse') },
    rows: rows.map((row) => row.report),
  };
}
