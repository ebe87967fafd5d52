import type http from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from '@care/events/server';
import type { CarerQueries } from '../carers/carer-queries';
import type { CheckpointWatcher } from '../shared/checkpoint-watcher';

/** What the browser receives. A client gets a snapshot on (re)connect, then changes. */
export interface LiveEvents {
  'carers:changed': (payload: { position: string }) => void;
  'carers:activeCount': (payload: { count: number }) => void;
}

/**
 * socket.io on the read API's HTTP server. The handshake goes through one middleware, where
 * the accounts issue will check the session.
 */
export function attachLivePush(server: http.Server, watcher: CheckpointWatcher, carers: CarerQueries, log: Logger) {
  const io = new Server<Record<string, never>, LiveEvents>(server, { path: '/socket.io', serveClient: false });
  io.use((_socket, next) => next());

  const activeCount = async (): Promise<{ count: number } | undefined> => {
    try {
      return { count: await carers.activeCount() };
    } catch (error) {
      log.error({ err: error }, 'could not count active carers');
      return undefined;
    }
  };

  io.on('connection', async (socket) => {
    const snapshot = await activeCount();
    if (snapshot) socket.emit('carers:activeCount', snapshot);
  });

  const unsubscribe = watcher.onChange(async (change) => {
    if (!change.projections.includes('carers') && !change.projections.includes('*')) return;
    io.emit('carers:changed', { position: change.position });
    const snapshot = await activeCount();
    if (snapshot) io.emit('carers:activeCount', snapshot);
  });

  return {
    io,
    async close() {
      unsubscribe();
      await io.close();
    },
  };
}
