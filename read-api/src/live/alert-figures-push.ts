import type { Socket } from 'socket.io';
import type { Kysely } from 'kysely';
import { can, type AlertCount, type AlertView, type DashboardStats, type Position, type Role } from '@care/events';
import type { Logger } from '@care/events/server';
import type { ReadModelDatabase } from '@care/projector';
import { AlertQueries, laterPosition } from '../alerts/alert-queries';
import { DashboardQueries } from '../dashboard/dashboard-queries';
import { STAFF } from '../shared/audience';
import { permissionRoom } from './live-resources';

/** The figures pushed (live-push.ts LiveEvents). */
export interface AlertFigureEvents {
  'alerts:count': (payload: AlertCount) => void;
  'dashboard:stats': (payload: DashboardStats) => void;
  'alerts:new': (payload: AlertView) => void;
}

/** Read models the dashboard's figures are computed from: a change to any of them recomputes them. */
const FIGURE_SOURCES = new Set(['alerts', 'tasks', 'appointments', 'diary', 'training', 'carers', 'incidents', '*']);
/** The most `alerts:new` pushes one change sends (a rule's first run may raise hundreds: lists reload anyway). */
const NEW_ALERTS_PER_CHANGE = 50;
/** Reads of a new socket's snapshot before it goes without one. */
const SNAPSHOT_ATTEMPTS = 4;

/** Staff read every alert and the agency's figures (alerts.read): one room, one computation per change. */
export const STAFF_ROOM = permissionRoom('alerts.read');
/** A carer (alerts.readOwn) reads their own figures: one room per signed-in account, whatever its sockets. */
export const ownRoom = (userId: string): string => `carer-user:${userId}`;

type Figures = { count: AlertCount; stats: DashboardStats };
/** Emits one event to the sockets of some rooms (the socket.io server: one encoding per emit, whatever the sockets). */
export type RoomEmitter = <E extends keyof AlertFigureEvents>(
  rooms: string | string[],
  event: E,
  payload: Parameters<AlertFigureEvents[E]>[0],
) => void;

/**
 * Pushes the alert count, the dashboard figures and each new alert's row themselves, so a change costs no read
 * per browser: on each change of the read models they depend on, the figures are computed once for
 * the staff room and once for all the carer accounts connected to this instance (a query per figure, grouped by
 * account), and emitted to those rooms: one encoding per room, whatever the number of sockets. A carer's
 * room receives only that carer's figures and alerts. The latest figures are kept, so a (re)connecting socket
 * gets its snapshot without a read while they are fresh.
 */
export class AlertFiguresPush {
  private readonly alerts: AlertQueries;
  private readonly dashboard: DashboardQueries;
  /** Sockets per carer account on this instance. */
  private readonly ownSockets = new Map<string, number>();
  private readonly latest = new Map<string, Figures>();
  private lastRaised: Promise<Position>;
  private readonly counts: Lane;
  private readonly figures: Lane;
  /** Dashboard runs waiting for the bell's run to finish. */
  private readonly chained = new Set<Promise<void>>();

  constructor(
    private readonly emit: RoomEmitter,
    db: Kysely<ReadModelDatabase>,
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
  }

  /** Joins the socket to its audience's room and sends it the figures of that audience. */
  async connect(socket: Socket, session: { userId: string; role: Role }): Promise<void> {
    if (can(session.role, 'alerts.read')) {
      await socket.join(STAFF_ROOM);
      this.send(socket, await this.figuresOf(STAFF_ROOM, undefined));
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
        this.latest.delete(ownRoom(userId));
      }
    });
    this.send(socket, await this.figuresOf(ownRoom(userId), userId));
  }

  /**
   * A read-model change: the bell (and new alerts) first, in a lane of its own so that it never waits behind the
   * heavier dashboard figures, which follow in theirs once it is out. Each lane runs one push at a time; changes
   * arriving meanwhile make one more run. Resolves once the bell has gone out (the list notices wait for it).
   */
  changed(projections: readonly string[]): Promise<void> {
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
    await Promise.all([this.counts.idle(), ...this.chained]);
    await this.figures.idle();
  }

  private send(socket: Socket, figures: Figures | undefined): void {
    if (!figures) return;
    socket.emit('alerts:count', figures.count);
    socket.emit('dashboard:stats', figures.stats);
  }

  /**
   * The audience's latest figures, computed when none are kept (the first socket of that audience). A failed read is
   * tried again a few times (about 1.5 s in all): without a snapshot the socket would show no count until the next
   * change.
   */
  private async figuresOf(room: string, userId: string | undefined): Promise<Figures | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      const kept = this.latest.get(room);
      if (kept) return kept;
      try {
        const audience = userId === undefined ? STAFF : ({ kind: 'own', userId } as const);
        const [count, stats] = await Promise.all([this.alerts.activeCount(audience), this.dashboard.stats(audience)]);
        const figures = { count: { count }, stats };
        this.latest.set(room, figures);
        return figures;
      } catch (error) {
        if (attempt >= SNAPSHOT_ATTEMPTS) {
          this.log.error({ err: error }, 'could not read the alert figures for a new socket');
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  /** The bell: one count for the staff room and one grouped count for every carer account here; then new alerts. */
  private async pushCounts(): Promise<void> {
    const users = [...this.ownSockets.keys()];
    const [staffCount, ownCounts] = await Promise.all([
      this.alerts.activeCount(STAFF),
      this.alerts.activeCountsByUser(users),
    ]);
    this.emit(STAFF_ROOM, 'alerts:count', { count: staffCount });
    for (const [userId, count] of ownCounts) this.emit(ownRoom(userId), 'alerts:count', { count });
    await this.pushNewAlerts();
  }

  /** The dashboard: once for the staff room, once (a query per figure) for every carer account here. */
  private async pushStats(): Promise<void> {
    const users = [...this.ownSockets.keys()];
    const [staffStats, ownStats] = await Promise.all([this.dashboard.stats(STAFF), this.dashboard.statsByUser(users)]);
    this.pushRoomStats(STAFF_ROOM, staffStats);
    for (const [userId, stats] of ownStats) if (this.ownSockets.has(userId)) this.pushRoomStats(ownRoom(userId), stats);
  }

  /** Emits the room's figures unless they are what it last received (the clock's recomputations mostly are). */
  private pushRoomStats(room: string, stats: DashboardStats): void {
    const kept = this.latest.get(room);
    this.latest.set(room, { count: { count: stats.activeAlerts }, stats });
    if (kept && JSON.stringify(kept.stats) === JSON.stringify(stats)) return;
    this.emit(room, 'dashboard:stats', stats);
  }

  /**
   * Some figures change with the clock alone: a task becomes overdue, a visit's planned end passes unrecorded. The
   * live push calls this every minute; only figures that moved are sent.
   */
  tick(): void {
    // Neither lane rejects (each logs its own failures), so nothing waits on the bell here.
    void this.changed(['tasks', 'appointments']);
  }

  /** Each alert raised since the last push, to the staff room and to the room of the carer it is about. */
  private async pushNewAlerts(): Promise<void> {
    const after = await this.lastRaised;
    const raised = await this.alerts.raisedAfter(after, NEW_ALERTS_PER_CHANGE);
    if (raised.length === 0) return;
    let last = after;
    for (const { view, carerUserId, position } of raised) {
      const rooms = carerUserId === null ? [STAFF_ROOM] : [STAFF_ROOM, ownRoom(carerUserId)];
      this.emit(rooms, 'alerts:new', view);
      last = laterPosition(last, position);
    }
    // A burst larger than one push's worth: the rest are in the count and the lists, not pushed one by one.
    this.lastRaised = Promise.resolve(
      raised.length < NEW_ALERTS_PER_CHANGE ? last : laterPosition(last, await this.alerts.lastRaised()),
    );
  }
}

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
