import type { Socket } from 'socket.io';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { can, type Role } from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelChanged, type ReadModelDatabase } from '@care/projector';
import type { CarerWork } from '../shared/carer-work';
import { audiencesOf, LIVE_RESOURCES, type LiveAudience, type OwnWorkKind } from './live-resources';

/** The socket.io room of every socket of one account that reads only its own work. */
export const ownWorkRoom = (userId: string): string => `own-work:${userId}`;

/** The written rows of the projector's notification (WrittenRows): a transaction id as digits. */
export const writtenSchema = z.object({ from: z.string().regex(/^\d{1,20}$/) });

/**
 * A row's `xmin` is a 32-bit transaction id, compared with the 64-bit one modulo 2^32: an id less than half the
 * circle after it is later (as PostgreSQL itself compares them). A row untouched for billions of transactions may
 * look later once the ids have gone round: its readers then hear of a change once too often, never once too few.
 */
const XID_CIRCLE = 2n ** 32n;

/** For each audience of a change with readers of their own work: the rooms of the readers it concerns. */
export type OwnRooms = (audience: LiveAudience) => readonly string[];

const nobody: OwnRooms = () => [];

/**
 * Whose own work a read-model change touched (a carer reads only their work, shared/carer-work.ts, and learns of
 * no change outside it). The projector names the rows each live batch wrote (the transaction id from which on
 * they were written: WrittenRows); once per change, one query per kind of record finds which of the accounts connected here have
 * such a row in their work, whatever their number of sockets. A change that names no rows (a rebuild swapped
 * in, a catch-up joined) may have changed any: every such reader hears of it, as before.
 */
export class OwnWorkNotices {
  /** The accounts connected here that read only their own work of some kind: their role and sockets. */
  private readonly readers = new Map<string, { role: Role; sockets: number }>();

  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly work: CarerWork,
    private readonly log: Logger,
  ) {}

  /** Joins the socket to its account's room when it reads only its own work of some kind. */
  async connect(socket: Socket, account: { readonly userId: string; readonly role: Role }): Promise<void> {
    if (!readsOwnOnly(account.role)) return;
    const { userId, role } = account;
    await socket.join(ownWorkRoom(userId));
    const known = this.readers.get(userId);
    this.readers.set(userId, { role, sockets: (known?.sockets ?? 0) + 1 });
    socket.once('disconnect', () => {
      const left = (this.readers.get(userId)?.sockets ?? 1) - 1;
      if (left > 0) this.readers.set(userId, { role, sockets: left });
      else this.readers.delete(userId);
    });
  }

  /**
   * Starts finding, as soon as the change arrives, whom among the readers of their own work it concerns, for the
   * projections `names` it changed. A failed query tells none of them (a screen stays stale rather than leak).
   */
  async roomsOf(change: ReadModelChanged, names: readonly string[]): Promise<OwnRooms> {
    const audiences = names.flatMap((name) => audiencesOf(name)).filter((audience) => audience.own !== undefined);
    const readersOf = (audience: LiveAudience) =>
      [...this.readers].filter(([, { role }]) => ownReader(audience, role)).map(([userId]) => userId);
    if (audiences.every((audience) => readersOf(audience).length === 0)) return nobody;
    const written = writtenSchema.safeParse(change.written);
    if (!written.success) return (audience) => (audience.own ? readersOf(audience).map(ownWorkRoom) : []);
    try {
      const kinds = [...new Set(audiences.map((audience) => audience.own!.work))];
      const found = new Map(
        await Promise.all(
          kinds.map(async (kind) => {
            const userIds = [
              ...new Set(audiences.filter((audience) => audience.own!.work === kind).flatMap(readersOf)),
            ];
            return [kind, await this.touched(kind, writtenIn(written.data), userIds)] as const;
          }),
        ),
      );
      return (audience) => {
        if (!audience.own) return [];
        const touched = found.get(audience.own.work);
        return readersOf(audience)
          .filter((userId) => touched?.has(userId))
          .map(ownWorkRoom);
      };
    } catch (error) {
      this.log.error({ err: error }, 'could not find whose work a change touched');
      return nobody;
    }
  }

  /** The accounts among `userIds` with a row of `kind` in their work that `written` says the change wrote. */
  private async touched(
    kind: OwnWorkKind,
    written: (table: string) => RawBuilder<SqlBool>,
    userIds: readonly string[],
  ): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const accounts = sql.join(userIds.map((userId) => sql`${userId}`));
    const table = (name: string) => sql.table(`${READ_MODEL_SCHEMA}.${name}`);
    // A record of the carer record linked to their account (a visit, an alert, a training record, a shift).
    const ofCarer = (name: string) => sql<Owner>`
      select distinct me.user_id::text as user_id from ${table('appointment_carer_names')} as me
      where me.user_id in (${accounts}) and exists (select 1 from ${table(name)} as row where row.carer_id = me.id and ${written('row')})`;
    // A record naming their account (an entry or a note they wrote, a task assigned to them, an incident they reported).
    const ofAccount = (name: string, column: string) => sql<Owner>`
      select distinct ${sql.ref(`row.${column}`)}::text as user_id from ${table(name)} as row
      where ${sql.ref(`row.${column}`)} in (${accounts}) and ${written('row')}`;
    // A record about a client of their work (shared/carer-work.ts), when they may open it.
    const aboutClient = (name: string, column: string, readable: RawBuilder<SqlBool> = sql`true`) => sql<Owner>`
      select distinct w.user_id::text as user_id from (${this.work.workClients(userIds)}) as w
      join ${table(name)} as row on ${sql.ref(`row.${column}`)} = w.client_id
      where ${readable} and ${written('row')}`;
    const queries = ((): RawBuilder<Owner>[] => {
      switch (kind) {
        case 'visits':
          return [ofCarer('appointments')];
        case 'alerts':
          return [ofCarer('alerts')];
        case 'shifts':
          return [ofCarer('shifts')];
        // A removed record leaves no row; the carer's compliance row is written again with it.
        case 'training':
          return [ofCarer('training_records'), ofCarer('training_compliance')];
        case 'leave':
          return [ofCarer('leave_requests')];
        case 'clients':
          return [aboutClient('clients', 'id')];
        // Not another's confidential entry or private note: its existence is not theirs to learn.
        case 'diary':
          return [
            ofAccount('diary_entries', 'author_user_id'),
            aboutClient('diary_entries', 'client_id', sql`not row.is_confidential`),
          ];
        case 'voice-notes':
          return [
            ofAccount('voice_notes', 'user_id'),
            aboutClient('voice_notes', 'client_id', sql`not row.is_private`),
          ];
        case 'tasks':
          return [ofAccount('tasks', 'assigned_to')];
        case 'incidents':
          return [ofAccount('incidents', 'reported_by'), ofCarer('incidents')];
        case 'care-plans':
          return [aboutClient('care_plans', 'client_id')];
        case 'medications':
          return [aboutClient('prescriptions', 'client_id'), aboutClient('medication_records', 'client_id')];
      }
    })();
    const found = await Promise.all(queries.map((query) => query.execute(this.db)));
    return new Set(found.flatMap(({ rows }) => rows.map((row) => row.user_id)));
  }
}

type Owner = { user_id: string };

/** Whether a role reads only its own work of some kind pushed here (a carer). */
function readsOwnOnly(role: Role): boolean {
  return ownKinds.some((audience) => ownReader(audience, role));
}

/** Whether a role hears of `audience`'s changes only within its own work. */
function ownReader(audience: LiveAudience, role: Role): boolean {
  return (
    audience.own !== undefined &&
    can(role, audience.own.permission) &&
    !audience.permissions.some((permission) => can(role, permission))
  );
}

/** Every audience some of whose readers hear only of their own work. */
const ownKinds: readonly LiveAudience[] = Object.keys(LIVE_RESOURCES)
  .flatMap((name) => audiencesOf(name))
  .filter((audience) => audience.own !== undefined);

/** A where-clause on a table's alias: the row was written by the transaction `from` or a later one. */
export function writtenIn({ from }: { from: string }): (table: string) => RawBuilder<SqlBool> {
  const base = BigInt(from) % XID_CIRCLE;
  return (table) =>
    sql<SqlBool>`((${sql.ref(`${table}.xmin`)}::text::bigint - ${String(base)}::bigint + ${String(XID_CIRCLE)}::bigint) % ${String(XID_CIRCLE)}::bigint) < ${String(XID_CIRCLE / 2n)}::bigint`;
}
