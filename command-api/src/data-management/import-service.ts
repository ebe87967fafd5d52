import { randomUUID } from 'node:crypto';
import { dataImportStreamId, type DomainEvent, type EventStore, type ImportList, type ImportReport, type Position } from '@care/events';
import { CarerService } from '../carers/carer-service';
import { employeeIdReservation } from '../carers/employee-id-reservation';
import { clientIdReservation } from '../clients/client-id-reservation';
import { ClientService } from '../clients/client-service';
import type { CommandContext } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { evolveReservation, initialReservationState, type ReservationKind, type ReservationState } from '../shared/reservation';
import { readImportRows, type ImportInput, type ReadRow } from './import-rows';

const KEYS: Record<ImportList, ReservationKind<DomainEvent>> = {
  carers: employeeIdReservation as unknown as ReservationKind<DomainEvent>,
  clients: clientIdReservation as unknown as ReservationKind<DomainEvent>,
};

/**
 * Import Data. A dry run reads every row through the form's request schema and looks each key up in its reservation
 * stream (the same one that keeps employee and client IDs unique): create, skip (already there), or refuse with
 * the row, column and message. Nothing is appended. The import runs the same reading first and, if any row is
 * refused, imports nothing (all or nothing from the user's point of view); otherwise each new row goes through the
 * same service as the screen's form (CarerService.register, ClientService.register: decide, reservation, append),
 * and the import itself is recorded as DataImported. Rows are matched by key, so a second run creates nothing.
 */
export class ImportService {
  private readonly carers: CarerService;
  private readonly clients: ClientService;

  constructor(private readonly store: EventStore) {
    this.carers = new CarerService(store);
    this.clients = new ClientService(store);
  }

  async run(list: ImportList, csv: string, dryRun: boolean, context: CommandContext): Promise<{ report: ImportReport; position?: Position }> {
    const rows = readImportRows(list, csv);
    for (const row of rows) {
      if (row.report.outcome === 'create' && row.report.key !== null && (await this.taken(list, row.report.key))) row.report.outcome = 'skip';
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

  /** Whether the key is held: its reservation stream names a holder. */
  private async taken(list: ImportList, key: string): Promise<boolean> {
    const kind = KEYS[list];
    const evolve = (state: ReservationState, event: DomainEvent) => evolveReservation(kind, state, event);
    return (await loadStream(this.store, kind.streamId(key), evolve, initialReservationState)).state.holder !== null;
  }

  private create(row: ImportInput, context: CommandContext) {
    return row.list === 'carers' ? this.carers.register(row.input, context) : this.clients.register(row.input, context);
  }
}

function reportOf(list: ImportList, rows: readonly ReadRow[], dryRun: boolean, applied: boolean, importId: string | null): ImportReport {
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
