import type { Socket } from 'socket.io';
import type { Kysely } from 'kysely';
import { can, type Role } from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelChanged, type ReadModelDatabase } from '@care/projector';
import { writtenIn, writtenSchema } from '../live/own-work';

/** The socket.io room of the family sockets with active access to one client. */
export const familyClientRoom = (clientId: string): string => `family-client:${clientId}`;
const ROOM_PREFIX = familyClientRoom('');
/** The room of one family account's sockets: told when an access of theirs was granted or withdrawn. */
export const familyUserRoom = (userId: string): string => `family-user:${userId}`;

/** What a family socket hears: the family portal's queries (`/api/family/…`) reload on it. */
export const FAMILY_CHANGED = 'family:changed';

/** The projections whose changes move a family member's rooms or what they see. */
const VISITS = 'appointments';
const ACCESS = 'family_access';
/** A family member's own messages: the office's reply is told to the account that wrote the message. */
const CONCERNS = 'family_concerns';

/**
 * Live pushes to family accounts (family.portal). A family socket sits in one room per client it has active access
 * to; a change that wrote a visit of that client is announced to that room alone, so nothing about another client
 * reaches it. The rooms follow the scope (family_access), not a list kept from the connection: before each push
 * that concerns family sockets, every family socket's rooms are set again from the table, so a withdrawn access
 * loses its room before the next change is announced.
 */
export class FamilyLivePush {
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly log: Logger,
  ) {}

  async connect(socket: Socket, account: { readonly userId: string; readonly role: Role }): Promise<void> {
    if (!can(account.role, 'family.portal')) return;
    this.sockets.add(socket);
    await socket.join(familyUserRoom(account.userId));
    socket.once('disconnect', () => this.sockets.delete(socket));
    await this.syncRooms();
  }

  /**
   * The rooms to tell of a read-model change (FAMILY_CHANGED): those of the clients whose visits it wrote, and of the
   * accounts whose access it wrote. A failure tells nobody (a screen stays stale rather than leak).
   */
  async roomsOf(change: ReadModelChanged, names: readonly string[]): Promise<string[]> {
    if (this.sockets.size === 0 || !(names.includes(VISITS) || names.includes(ACCESS) || names.includes(CONCERNS)))
      return [];
    try {
      const inScope = await this.syncRooms();
      const clientIds = [...new Set([...inScope.values()].flat())];
      // An access granted or withdrawn changes the account's list of clients: its own sockets reload it.
      const accounts = names.includes(ACCESS) ? await this.accountsWritten(change, [...inScope.keys()]) : [];
      const clients =
        names.includes(VISITS) && clientIds.length > 0 ? await this.clientsWritten(change, clientIds) : [];
      const authors = names.includes(CONCERNS) ? await this.concernAuthorsWritten(change, [...inScope.keys()]) : [];
      return [...new Set([...accounts, ...authors])].map(familyUserRoom).concat(clients.map(familyClientRoom));
    } catch (error) {
      this.log.error({ err: error }, 'could not find which family members a change concerns');
      return [];
    }
  }

  /** Sets every family socket's client rooms from family_access now; answers each account's clients. */
  private async syncRooms(): Promise<Map<string, string[]>> {
    const userIds = [...new Set([...this.sockets].map(userIdOf))];
    const scope = new Map<string, string[]>(userIds.map((userId) => [userId, []]));
    if (userIds.length > 0) {
      const rows = await this.db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('family_access')
        .select(['user_id', 'client_id'])
        .where('user_id', 'in', userIds)
        .where('status', '=', 'active')
        .execute();
      for (const row of rows) scope.get(row.user_id)?.push(row.client_id);
    }
    await Promise.all(
      [...this.sockets].map(async (socket) => {
        const wanted = new Set((scope.get(userIdOf(socket)) ?? []).map(familyClientRoom));
        for (const room of socket.rooms)
          if (room.startsWith(ROOM_PREFIX) && !wanted.has(room)) await socket.leave(room);
        await socket.join([...wanted]);
      }),
    );
    return scope;
  }

  /** The accounts among `userIds` whose access the change wrote (every one when the change names no rows). */
  private async accountsWritten(change: ReadModelChanged, userIds: readonly string[]): Promise<string[]> {
    const written = writtenSchema.safeParse(change.written);
    if (!written.success || userIds.length === 0) return [...userIds];
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_access as f')
      .select('f.user_id')
      .distinct()
      .where('f.user_id', 'in', userIds)
      .where(writtenIn(written.data)('f'))
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** The accounts among `userIds` whose own message the change wrote (a reply from the office). */
  private async concernAuthorsWritten(change: ReadModelChanged, userIds: readonly string[]): Promise<string[]> {
    const written = writtenSchema.safeParse(change.written);
    if (!written.success || userIds.length === 0) return [...userIds];
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_concerns as c')
      .select('c.user_id')
      .distinct()
      .where('c.user_id', 'in', userIds)
      .where(writtenIn(written.data)('c'))
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Which of `clientIds` had a visit written by the change (every one when the change names no rows). */
  private async clientsWritten(change: ReadModelChanged, clientIds: readonly string[]): Promise<string[]> {
    const written = writtenSchema.safeParse(change.written);
    if (!written.success) return [...clientIds];
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments as a')
      .select('a.client_id')
      .distinct()
      .where('a.client_id', 'in', clientIds)
      .where(writtenIn(written.data)('a'))
      .execute();
    return rows.map((row) => row.client_id);
  }
}

const userIdOf = (socket: Socket): string => (socket.data as { session: { userId: string } }).session.userId;
