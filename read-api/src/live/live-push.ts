import type http from 'node:http';
import { Server } from 'socket.io';
import { can, PERMISSIONS, type Permission } from '@care/events';
import { sessionTokenFromCookieHeader, type Logger, type Session, type SessionStore } from '@care/events/server';
import type { CarerQueries } from '../carers/carer-queries';
import type { Kysely } from 'kysely';
import type { ReadModelChanged, ReadModelDatabase } from '@care/projector';
import type { CheckpointWatcher } from '../shared/checkpoint-watcher';
import type { CarerWork } from '../shared/carer-work';
import { AlertFiguresPush, type AlertFigureEvents } from './alert-figures-push';
import { audiencesOf, LIVE_RESOURCES, permissionRoom } from './live-resources';
import { OwnWorkNotices } from './own-work';
import { PRESENCE_RENEW_MS, type AppPresence } from './app-presence';
import { FAMILY_CHANGED, FamilyLivePush } from '../family/family-live';

/**
 * What the browser receives. A client gets a snapshot on (re)connect, then changes:
 * `<resource>:changed` (see live-resources.ts) whenever that read model moved, the active carer count, and the
 * alert figures themselves (`alerts:count`, `dashboard:stats`, `alerts:new`: alert-figures-push.ts).
 */
export type LiveEvents = {
  'carers:activeCount': (payload: { count: number }) => void;
  /** To administrators every 5 s: System Status moved with the clock (heartbeats, uptime, latency). */
  'status:tick': (payload: { at: string }) => void;
} & AlertFigureEvents &
  Record<`${string}:changed`, (payload: { position: string }) => void>;

interface SocketData {
  session: Session;
}

const ACTIVE_COUNT_PERMISSION: Permission = 'carers.read';

/** How often live sockets are re-checked: a signed-out or deactivated user is cut off within this. */
const SESSION_RECHECK_MS = 30_000;
/** How often the figures that move with the clock (overdue tasks, unrecorded visits) are recomputed. */
const FIGURES_CLOCK_MS = 60_000;

/**
 * socket.io on the read API's HTTP server. The handshake needs a live session cookie (the
 * permission live.connect); without one the connection is refused with "Unauthorized".
 */
/** How often administrators' System Status screens are told to reload (the heartbeats come every 5 s). */
const STATUS_PUSH_MS = 5_000;

export function attachLivePush(
  server: http.Server,
  watcher: CheckpointWatcher,
  carers: CarerQueries,
  sessions: SessionStore,
  log: Logger,
  db: Kysely<ReadModelDatabase>,
  work: CarerWork,
  presence: AppPresence,
) {
  const io = new Server<Record<string, never>, LiveEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
  });
  // socket.io's typed emit cannot follow a generic event name; the payload's type is checked by RoomEmitter.
  const toRooms = io as unknown as { to(rooms: string | string[]): { emit(event: string, payload: unknown): boolean } };
  const figures = new AlertFiguresPush((rooms, event, payload) => toRooms.to(rooms).emit(event, payload), db, log);
  const ownWork = new OwnWorkNotices(db, work, log);
  const family = new FamilyLivePush(db, log);
  io.use((socket, next) => {
    sessions
      .find(sessionTokenFromCookieHeader(socket.request.headers.cookie))
      .then((session) => {
        // A family account holds family.portal alone: its socket hears only of its clients (family-live.ts).
        const allowed = session && (can(session.role, 'live.connect') || can(session.role, 'family.portal'));
        if (!session || !allowed) return next(new Error('Unauthorized'));
        socket.data.session = session;
        next();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'socket session check failed');
        next(new Error('Service unavailable'));
      });
  });

  const activeCount = async (): Promise<{ count: number } | undefined> => {
    try {
      return { count: await carers.activeCount() };
    } catch (error) {
      log.error({ err: error }, 'could not count active carers');
      return undefined;
    }
  };

  // A carer's app is online while its socket is connected (app-presence.ts).
  const carerUsers = () =>
    [...io.sockets.sockets.values()]
      .filter((socket) => socket.data.session.role === 'carer')
      .map((socket) => socket.data.session.userId);
  io.on('connection', async (socket) => {
    if (socket.data.session.role === 'carer') {
      void presence.seen([socket.data.session.userId]);
      socket.on('disconnect', () => void presence.seen([socket.data.session.userId]));
    }
    // Rooms per permission: a push goes only to the sockets whose user may read what changed.
    const held = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) =>
      can(socket.data.session.role, permission),
    );
    await socket.join(held.map(permissionRoom));
    await ownWork.connect(socket, socket.data.session);
    await family.connect(socket, socket.data.session);
    await figures.connect(socket, socket.data.session);
    // The count of active carers is a figure about every carer record: only for readers of every carer.
    if (!held.includes(ACTIVE_COUNT_PERMISSION)) return;
    const snapshot = await activeCount();
    if (snapshot) socket.emit('carers:activeCount', snapshot);
  });

  // Change notices go out in the order of the changes, each after the bell of its change: a socket's new count is
  // never queued behind a thousand list notices.
  let notices: Promise<void> = Promise.resolve();
  // A change's pushes run apart from the watcher that announced it; a failure is logged, never left unhandled.
  const pushChange = async (change: ReadModelChanged): Promise<void> => {
    // '*' is a rebuild swapping the whole read model in: everything may have changed.
    const names = change.projections.includes('*') ? Object.keys(LIVE_RESOURCES) : change.projections;
    const bell = figures.changed(change.projections);
    // Family members hear only of their own clients' visits (family-live.ts): found now, told in order below.
    const familyRooms = family.roomsOf(change, names);
    // Whose own work the change touched is looked up at once (no query while none such is connected); the
    // notices still go out in order, each once its own lookup is done.
    const own = ownWork.roomsOf(change, names);
    // Which staff read the alerts the change wrote (no query unless it wrote alerts and someone here reads fewer
    // audiences than another).
    const alertRooms = names.some((name) => audiencesOf(name).some((audience) => audience.byAlertAudience))
      ? figures.noticeRooms(change)
      : Promise.resolve([]);
    notices = notices
      .then(() => bell)
      .then(() => Promise.all([own, alertRooms, familyRooms]))
      .then(([ownRooms, readers, families]) => {
        if (families.length > 0) toRooms.to(families).emit(FAMILY_CHANGED, { position: change.position });
        for (const name of names) {
          for (const audience of audiencesOf(name)) {
            const staff = audience.byAlertAudience ? readers : audience.permissions.map(permissionRoom);
            const rooms = [...staff, ...ownRooms(audience)];
            if (rooms.length === 0) continue;
            const room = io.to(rooms);
            for (const resource of audience.resources) room.emit(`${resource}:changed`, { position: change.position });
          }
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'change notices failed'));
    if (!names.includes('carers')) return;
    const snapshot = await activeCount();
    if (snapshot) io.to(permissionRoom(ACTIVE_COUNT_PERMISSION)).emit('carers:activeCount', snapshot);
  };
  const unsubscribe = watcher.onChange((change) => {
    pushChange(change).catch((error: unknown) => log.error({ err: error }, 'live push of a read-model change failed'));
  });

  const recheck = setInterval(() => {
    const sockets = [...io.sockets.sockets.values()];
    sessions
      .liveSids([...new Set(sockets.map((socket) => socket.data.session.sid))])
      .then((live) => {
        for (const socket of sockets) if (!live.has(socket.data.session.sid)) socket.disconnect(true);
      })
      .catch((error: unknown) => log.error({ err: error }, 'socket session re-check failed'));
  }, SESSION_RECHECK_MS);
  recheck.unref();
  const clock = setInterval(() => figures.tick(), FIGURES_CLOCK_MS);
  clock.unref();
  // System Status moves with the clock (heartbeats, uptime, latency): administrators' screens reload it on this push.
  const statusClock = setInterval(
    () => io.to(permissionRoom('admin.panel')).emit('status:tick', { at: new Date().toISOString() }),
    STATUS_PUSH_MS,
  );
  statusClock.unref();
  const presenceClock = setInterval(() => void presence.seen(carerUsers()), PRESENCE_RENEW_MS);
  presenceClock.unref();

  return {
    io,
    figures,
    async close() {
      clearInterval(recheck);
      clearInterval(clock);
      clearInterval(statusClock);
      clearInterval(presenceClock);
      unsubscribe();
      await figures.idle();
      await io.close();
    },
  };
}
