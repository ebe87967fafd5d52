import type http from 'node:http';
import { Server } from 'socket.io';
import { can } from '@care/events';
import { sessionTokenFromCookieHeader, type Logger, type Session, type SessionStore } from '@care/events/server';
import type { CarerQueries } from '../carers/carer-queries';
import type { CheckpointWatcher } from '../shared/checkpoint-watcher';

/** What the browser receives. A client gets a snapshot on (re)connect, then changes. */
export interface LiveEvents {
  'carers:changed': (payload: { position: string }) => void;
  'carers:activeCount': (payload: { count: number }) => void;
}

interface SocketData {
  session: Session;
}

/** Rooms per permission: a push goes only to the sockets whose user may read it. */
const CARERS_ROOM = 'carers.read';

/** How often live sockets are re-checked: a signed-out or deactivated user is cut off within this. */
const SESSION_RECHECK_MS = 30_000;

/**
 * socket.io on the read API's HTTP server. The handshake needs a live session cookie (the
 * permission live.connect); without one the connection is refused with "Unauthorized".
 */
export function attachLivePush(
  server: http.Server,
  watcher: CheckpointWatcher,
  carers: CarerQueries,
  sessions: SessionStore,
  log: Logger,
) {
  const io = new Server<Record<string, never>, LiveEvents, Record<string, never>, SocketData>(server, {
    path: '/socket.io',
    serveClient: false,
  });
  io.use((socket, next) => {
    sessions
      .find(sessionTokenFromCookieHeader(socket.request.headers.cookie))
      .then((session) => {
        if (!session || !can(session.role, 'live.connect')) return next(new Error('Unauthorized'));
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

  io.on('connection', async (socket) => {
    if (can(socket.data.session.role, 'carers.read')) await socket.join(CARERS_ROOM);
    const snapshot = await activeCount();
    if (snapshot) socket.emit('carers:activeCount', snapshot);
  });

  const unsubscribe = watcher.onChange(async (change) => {
    if (!change.projections.includes('carers') && !change.projections.includes('*')) return;
    io.to(CARERS_ROOM).emit('carers:changed', { position: change.position });
    const snapshot = await activeCount();
    if (snapshot) io.emit('carers:activeCount', snapshot);
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

  return {
    io,
    async close() {
      clearInterval(recheck);
      unsubscribe();
      await io.close();
    },
  };
}
