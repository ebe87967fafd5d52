import type { Socket } from 'socket.io';
import { sql, type Kysely } from 'kysely';
import {
  ALERT_AUDIENCES,
  alertAudiencesReadBy,
  can,
  followedAlertAudiences,
  type AlertAudience,
  type AlertCount,
  type AlertView,
  type DashboardStats,
  type Position,
  type Role,
} from '@care/events';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelChanged, type ReadModelDatabase } from '@care/projector';
import { staffAlertItems } from '../alerts/alert-items';
import { AlertQueries, laterPosition } from '../alerts/alert-queries';
import { DashboardQueries } from '../dashboard/dashboard-queries';
import { chosenAlertAudiences, type Audience } from '../shared/audience';
import { writtenIn, writtenSchema } from './own-work';

/** The figures pushed (live-push.ts LiveEvents). */
export interface AlertFigureEvents {
  'alerts:count': (payload: AlertCount) => void;
  'dashboard:stats': (payload: DashboardStats) => void;
  'alerts:new': (payload: AlertView) => void;
}

/** Read models the dashboard's figures are computed from: a change to any of them recomputes them. */
const FIGURE_SOURCES = new Set([
  'alerts',
  'tasks',
  'appointments',
  'diary',
  'training',
  'carers',
  'incidents',
  'family_concerns',
  '*',
]);
/** The most `alerts:new` pushes one change sends (a rule's first run may raise hundreds: lists reload anyway). */
const NEW_ALERTS_PER_CHANGE = 50;
/** Reads of a new socket's snapshot before it goes without one. */
const SNAPSHOT_ATTEMPTS = 4;

/**
 * Staff (alerts.read) read the agency's figures, their bell counting the alert audiences they read and follow
 * (/settings): one room per distinct followed set, so at most eight computations per change however many people
 * are connected. The room's name lists the set in a fixed order ("care+finance"; none: "").
 */
export const bellRoom = (following: readonly AlertAudience[]): string =>
  `alerts-bell:${ALERT_AUDIENCES.filter((audience) => following.includes(audience)).join('+')}`;
/** Every staff socket whose role reads the audience: the sockets told when an alert of it changes. */
export const readRoom = (audience: AlertAudience): string => `alerts-read:${audience}`;
/** Every staff socket whose bell follows the audience: the sockets that hear of each new alert of it. */
export const followRoom = (audience: AlertAudience): string => `alerts-follow:${audience}`;
/** A carer (alerts.readOwn) reads their own figures: one room per signed-in account, whatever its sockets. */
export const ownRoom = (userId: string): string => `carer-user:${userId}`;

type Figures = { count: AlertCount; stats: DashboardStats };
/** Figures read for a new socket, with the number of the read (reads are numbered in the order they start). */
type Snapshot = { figures: Figures; read: number };
/** A staff account connected here: its role (what it reads), the audiences its bell follows, its sockets. */
interface StaffReader {
  role: Role;
  following: AlertAudience[];
  readonly sockets: Set<Socket>;
}
/** Emits one event to the sockets of some rooms (the socket.io server: one encoding per emit, whatever the sockets). */
export type RoomEmitter = <E extends keyof AlertFigureEvents>(
  rooms: string | string[],
  event: E,
  payload: Parameters<AlertFigureEvents[E]>[0],
) => void;

/**
 * Pushes the alert count, the dashboard figures and each new alert's row themselves, so a change costs no read
 * per browser: on each change of the read models they depend on, the figures are computed once for each staff
 * bell room that has sockets here and once for all the carer accounts connected to this instance (a query per
 * figure, grouped by account), and emitted to those rooms: one encoding per room, whatever the number of sockets.
 * A carer's room receives only that carer's figures and alerts. The latest figures are kept, so a (re)connecting
 * socket gets its snapshot without a read while they are fresh. A person who changes what their bell follows has
 * their sockets moved to the new set's room when the users read model takes the change.
 */
export class AlertFiguresPush {
  private readonly alerts: AlertQueries;
  private readonly dashboard: DashboardQueries;
  /** Sockets per carer account on this instance. */
  private readonly ownSockets = new Map<string, number>();
  /** Staff accounts connected here. */
  private readonly staff = new Map<string, StaffReader>();
  private readonly latest = new Map<string, Figures>();
  /** Reads of figures started so far: numbers them, so a late answer can tell that a newer one went out before it. */
  private reads = 0;
  /** Per room and figure ("alerts:count|room"), the number of the read whose answer the room last received. */
  private readonly sentRead = new Map<string, number>();
  private lastRaised: Promise<Position>;
  private readonly counts: Lane;
  private readonly figures: Lane;
  private readonly follows: Lane;
  /** Dashboard runs waiting for the bell's run to finish. */
  private readonly chained = new Set<Promise<void>>();

  constructor(
    private readonly emit: RoomEmitter,
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly log: Logger,
  ) {
    this.alerts = new AlertQueries(db);
    this.dashboard = new DashboardQueries(db);
    this.lastRaised = this.alerts.lastRaised().catch(() => ({ commit: 0n, prepare: 0n }));
    this.counts = new Lane(
      () => this.pushCounts(),
      (error) => log.error({ err: error }, 'could not push the alert count'),
    );
    this.figures = new Lane(
      () => this.pushStats(),
      (error) => log.error({ err: error }, 'could not push the dashboard figures'),
    );
    this.follows = new Lane(
      () => this.refollow(),
      (error) => log.error({ err: error }, 'could not move sockets to the alerts their bell follows'),
    );
  }

  /** Joins the socket to its audience's room and sends it the figures of that audience. */
  async connect(socket: Socket, session: { userId: string; role: Role }): Promise<void> {
    if (can(session.role, 'alerts.read')) {
      await this.connectStaff(socket, session.userId, session.role);
      return;
    }
    if (!can(session.role, 'alerts.readOwn')) return;
    const userId = session.userId;
    await socket.join(ownRoom(userId));
    this.ownSockets.set(userId, (this.ownSockets.get(userId) ?? 0) + 1);
    socket.once('disconnect', () => {
      const left = (this.ownSockets.get(userId) ?? 1) - 1;
      if (left > 0) this.ownSockets.set(userId, left);
      else {
        this.ownSockets.delete(userId);
        this.forget(ownRoom(userId));
      }
    });
    this.send(socket, ownRoom(userId), await this.figuresOf(ownRoom(userId), { kind: 'own', userId }));
  }

  /** A staff socket joins the rooms of what its bell follows (read from the users read model) and gets their figures. */
  private async connectStaff(socket: Socket, userId: string, role: Role): Promise<void> {
    const chosen = this.staff.has(userId)
      ? new Map<string, AlertAudience[] | null>()
      : await this.retried('could not read what a new socket’s bell follows', () =>
          chosenAlertAudiences(this.db, [userId]),
        );
    // A socket gone while the choice was read never joins (its disconnect has already fired); one whose choice
    // could not be read is left without a bell rather than given one it may have turned down.
    if (socket.disconnected || chosen === undefined) return;
    // Another socket of the same person may have arrived while the choice was read: theirs is kept.
    const joined = this.staff.get(userId) ?? {
      role,
      following: followedAlertAudiences(role, chosen.get(userId) ?? null),
      sockets: new Set<Socket>(),
    };
    this.staff.set(userId, joined);
    joined.sockets.add(socket);
    socket.once('disconnect', () => {
      joined.sockets.delete(socket);
      if (joined.sockets.size === 0 && this.staff.get(userId) === joined) this.staff.delete(userId);
      this.forgetEmptyBellRooms();
    });
    await socket.join([...staffRooms(joined.following), ...alertAudiencesReadBy(role).map(readRoom)]);
    const room = bellRoom(joined.following);
    this.send(socket, room, await this.figuresOf(room, staffAudience(joined.following)));
  }

  /**
   * The staff rooms to tell that a change moved the alerts list: those reading an audience of an alert the change
   * wrote. While everyone connected here reads every audience, or when the change does not say which rows it wrote
   * (a rebuild swapped in), no query is made and every reader is told; a failed query tells every reader too, as a
   * notice only makes a list reload what its reader may read.
   */
  async noticeRooms(change: ReadModelChanged): Promise<string[]> {
    const everyone = ALERT_AUDIENCES.map(readRoom);
    const readers = [...this.staff.values()];
    if (readers.every((reader) => alertAudiencesReadBy(reader.role).length === ALERT_AUDIENCES.length)) return everyone;
    const written = writtenSchema.safeParse(change.written);
    if (!written.success) return everyone;
    try {
      const { rows } = await sql<{ audience: AlertAudience }>`
        select distinct a.audience from ${sql.table(`${READ_MODEL_SCHEMA}.alerts`)} as a
        where ${writtenIn(written.data)('a')}`.execute(this.db);
      return rows.map((row) => readRoom(row.audience));
    } catch (error) {
      this.log.error({ err: error }, 'could not find the audiences of the alerts a change wrote');
      return everyone;
    }
  }

  /** The followed sets of the staff connected here (one bell room each). */
  private bellSets(): Map<string, AlertAudience[]> {
    const sets = new Map<string, AlertAudience[]>();
    for (const reader of this.staff.values()) sets.set(bellRoom(reader.following), reader.following);
    return sets;
  }

  /** A bell room nobody here is in keeps no figures: they would go stale with no push to refresh them. */
  private forgetEmptyBellRooms(): void {
    const inUse = this.bellSets();
    for (const room of this.latest.keys()) if (room.startsWith('alerts-bell:') && !inUse.has(room)) this.forget(room);
  }

  /** A room nobody here is in: its kept figures and what it was last sent go. */
  private forget(room: string): void {
    this.latest.delete(room);
    this.sentRead.delete(`alerts:count|${room}`);
    this.sentRead.delete(`dashboard:stats|${room}`);
  }

  /**
   * The users read model moved (a person may have changed what their bell follows): the choices of the staff
   * connected here are read again in one query, and the sockets of anyone whose followed set changed leave the old
   * set's rooms, join the new set's and get its figures at once.
   */
  private async refollow(): Promise<void> {
    const userIds = [...this.staff.keys()];
    const chosen = await chosenAlertAudiences(this.db, userIds);
    const moved: StaffReader[] = [];
    for (const userId of userIds) {
      const reader = this.staff.get(userId);
      if (!reader) continue;
      const following = followedAlertAudiences(reader.role, chosen.get(userId) ?? null);
      if (bellRoom(following) === bellRoom(reader.following)) continue;
      for (const socket of reader.sockets) {
        for (const room of staffRooms(reader.following)) await socket.leave(room);
        await socket.join(staffRooms(following));
      }
      reader.following = following;
      moved.push(reader);
    }
    if (moved.length === 0) return;
    this.forgetEmptyBellRooms();
    for (const reader of moved) {
      const room = bellRoom(reader.following);
      const figures = await this.figuresOf(room, staffAudience(reader.following));
      for (const socket of reader.sockets) this.send(socket, room, figures);
    }
  }

  /**
   * A read-model change: the bell (and new alerts) first, in a lane of its own so that it never waits behind the
   * heavier dashboard figures, which follow in theirs once it is out. Each lane runs one push at a time; changes
   * arriving meanwhile make one more run. Resolves once the bell has gone out (the list notices wait for it).
   */
  changed(projections: readonly string[]): Promise<void> {
    if (projections.includes('users') || projections.includes('*')) this.follows.run();
    const relevant = projections.filter((name) => FIGURE_SOURCES.has(name));
    if (relevant.length === 0) return Promise.resolve();
    if (!relevant.includes('alerts') && !relevant.includes('*')) {
      this.figures.run();
      return Promise.resolve();
    }
    // The dashboard follows once the bell has gone out: its frames never queue ahead of the count's on any socket.
    this.counts.run();
    const bell = this.counts.idle();
    const chained = bell.then(() => this.figures.run());
    this.chained.add(chained);
    void chained.finally(() => this.chained.delete(chained));
    return bell;
  }

  /** Resolves once the pushes under way (and those queued behind them) are done: for tests and shutdown. */
  async idle(): Promise<void> {
    await Promise.all([this.follows.idle(), this.counts.idle(), ...this.chained]);
    await this.figures.idle();
  }

  /**
   * Sends a new socket its snapshot, figure by figure, unless the room (which the socket joined before the snapshot
   * was read) has meanwhile received that figure from a read started later: the snapshot would arrive after it and
   * put back an older count.
   */
  private send(socket: Socket, room: string, snapshot: Snapshot | undefined): void {
    if (!snapshot) return;
    const { figures, read } = snapshot;
    if (!this.sentAfter(room, 'alerts:count', read)) socket.emit('alerts:count', figures.count);
    if (!this.sentAfter(room, 'dashboard:stats', read)) socket.emit('dashboard:stats', figures.stats);
  }

  private sentAfter(room: string, event: keyof AlertFigureEvents, read: number): boolean {
    return (this.sentRead.get(`${event}|${room}`) ?? 0) > read;
  }

  /** Emits a figure to a room, noting which read it came from (a push's answers go out in the order of its reads). */
  private emitRead<E extends 'alerts:count' | 'dashboard:stats'>(
    room: string,
    event: E,
    payload: Parameters<AlertFigureEvents[E]>[0],
    read: number,
  ): void {
    const key = `${event}|${room}`;
    this.sentRead.set(key, Math.max(read, this.sentRead.get(key) ?? 0));
    this.emit(room, event, payload);
  }

  /**
   * The audience's latest figures, computed when none are kept (the first socket of that audience). A failed read is
   * tried again a few times: without a snapshot the socket would show no count until the next change.
   */
  private async figuresOf(room: string, audience: Audience): Promise<Snapshot | undefined> {
    return this.retried('could not read the alert figures for a new socket', async () => {
      const read = ++this.reads;
      const kept = this.latest.get(room);
      if (kept) return { figures: kept, read };
      const [count, stats] = await Promise.all([this.alerts.activeCount(audience), this.dashboard.stats(audience)]);
      const figures = { count: { count }, stats };
      // Kept only while no push has given the room newer figures meanwhile.
      if (!this.sentAfter(room, 'alerts:count', read) && !this.sentAfter(room, 'dashboard:stats', read))
        this.latest.set(room, figures);
      return { figures, read };
    });
  }

  /** A read for a new socket, tried again a few times (about 1.5 s in all) before it is logged and given up. */
  private async retried<T>(failure: string, read: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await read();
      } catch (error) {
        if (attempt >= SNAPSHOT_ATTEMPTS) {
          this.log.error({ err: error }, failure);
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  /** The bell: one count per staff bell room here and one grouped count for every carer account here; then new alerts. */
  private async pushCounts(): Promise<void> {
    const users = [...this.ownSockets.keys()];
    const sets = [...this.bellSets()];
    const read = ++this.reads;
    const [staffCounts, ownCounts] = await Promise.all([
      Promise.all(sets.map(([, following]) => this.alerts.activeCount(staffAudience(following)))),
      this.alerts.activeCountsByUser(users),
    ]);
    const counted: [string, number][] = [
      ...sets.map(([room], index): [string, number] => [room, staffCounts[index]!]),
      ...[...ownCounts].map(([userId, count]): [string, number] => [ownRoom(userId), count]),
    ];
    for (const [room, count] of counted) {
      this.emitRead(room, 'alerts:count', { count }, read);
      // The kept snapshot follows the bell at once, not only when the dashboard's figures come after it.
      const kept = this.latest.get(room);
      if (kept) this.latest.set(room, { ...kept, count: { count } });
    }
    await this.pushNewAlerts();
  }

  /** The dashboard: once per staff bell room here, once (a query per figure) for every carer account here. */
  private async pushStats(): Promise<void> {
    const users = [...this.ownSockets.keys()];
    const sets = [...this.bellSets()];
    const read = ++this.reads;
    const [staffStats, ownStats] = await Promise.all([
      this.staffStats(sets.map(([, following]) => following)),
      this.dashboard.statsByUser(users),
    ]);
    sets.forEach(([room], index) => this.pushRoomStats(room, staffStats[index]!, read));
    for (const [userId, stats] of ownStats)
      if (this.ownSockets.has(userId)) this.pushRoomStats(ownRoom(userId), stats, read);
  }

  /**
   * The staff bell rooms' dashboards: the agency's figures computed once, then only each further room's alert
   * figures (the bell's items of what it follows), since nothing else on the dashboard depends on what a bell follows.
   */
  private async staffStats(sets: readonly AlertAudience[][]): Promise<DashboardStats[]> {
    const [first, ...others] = sets;
    if (first === undefined) return [];
    const [stats, ...items] = await Promise.all([
      this.dashboard.stats(staffAudience(first)),
      ...others.map((following) =>
        staffAlertItems(this.db.withSchema(READ_MODEL_SCHEMA), following).executeTakeFirstOrThrow(),
      ),
    ]);
    return [
      stats,
      ...items.map((item) => ({
        ...stats,
        activeAlerts: Number(item.active),
        urgentAlerts: Number(item.urgent),
        openAlerts: Number(item.open),
      })),
    ];
  }

  /** Emits the room's figures unless they are what it last received (the clock's recomputations mostly are). */
  private pushRoomStats(room: string, stats: DashboardStats, read: number): void {
    const kept = this.latest.get(room);
    this.latest.set(room, { count: kept?.count ?? { count: stats.activeAlerts }, stats });
    if (kept && JSON.stringify(kept.stats) === JSON.stringify(stats)) return;
    this.emitRead(room, 'dashboard:stats', stats, read);
  }

  /**
   * Some figures change with the clock alone: a task becomes overdue, a visit's planned end passes unrecorded. The
   * live push calls this every minute; only figures that moved are sent.
   */
  tick(): void {
    // Neither lane rejects (each logs its own failures), so nothing waits on the bell here.
    void this.changed(['tasks', 'appointments']);
  }

  /**
   * Each alert raised since the last push, to the staff whose bell follows its audience and to the room of the carer
   * it is about. Not to staff who read the audience but unticked it: the pushed row goes into the bell's list and a
   * critical one rings the bell, which is what they asked to be spared; their Alerts page and dashboard table still
   * show it, as they reload on the `alerts:changed` notice. A finance alert never reaches a coordinator, who cannot
   * follow what they do not read.
   */
  private async pushNewAlerts(): Promise<void> {
    const after = await this.lastRaised;
    const raised = await this.alerts.raisedAfter(after, NEW_ALERTS_PER_CHANGE);
    if (raised.length === 0) return;
    let last = after;
    for (const { view, carerUserId, position } of raised) {
      const staffRoom = followRoom(view.audience);
      const rooms = carerUserId === null ? [staffRoom] : [staffRoom, ownRoom(carerUserId)];
      this.emit(rooms, 'alerts:new', view);
      last = laterPosition(last, position);
    }
    // A burst larger than one push's worth: the rest are in the count and the lists, not pushed one by one.
    this.lastRaised = Promise.resolve(
      raised.length < NEW_ALERTS_PER_CHANGE ? last : laterPosition(last, await this.alerts.lastRaised()),
    );
  }
}

/** The rooms a staff socket is in for the audiences its bell follows. */
const staffRooms = (following: readonly AlertAudience[]): string[] => [
  bellRoom(following),
  ...following.map(followRoom),
];
const staffAudience = (following: readonly AlertAudience[]): Audience => ({ kind: 'staff', alerts: following });

/** One push at a time; a request while one runs makes exactly one more run after it (changes coalesce). */
class Lane {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (!this.again) return;
        this.again = false;
        this.run();
      });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
