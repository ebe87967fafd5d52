import { io, type Socket } from 'socket.io-client';
import type { AlertCount } from '@care/events';

/**
 * A child process of bench/alert-push.ts holding some of the 1,000 sockets, as browsers would be processes of their
 * own: the parent's clock does not wait on one process parsing every socket's frames in turn. Over IPC it is told
 * which sockets to open, then for each round the count each socket should receive; it answers when all of its
 * sockets have it, with the wall-clock instant (performance.timeOrigin + now, comparable across processes).
 */
export type ClientsRequest =
  | { type: 'connect'; sockets: { url: string; cookie: string; carerUserId: string | null }[] }
  | { type: 'arm'; round: number; staffCount: number; carerCounts: Record<string, number> }
  | { type: 'close' };
export type ClientsReply =
  | { type: 'connected' }
  | { type: 'armed'; round: number }
  | { type: 'done'; round: number; at: number }
  | { type: 'error'; message: string };

const wallClock = () => performance.timeOrigin + performance.now();
const reply = (message: ClientsReply) => process.send!(message);
const clients: { socket: Socket<{ 'alerts:count': (payload: AlertCount) => void }>; carerUserId: string | null }[] = [];
let disarm: (() => void) | undefined;

function connect(url: string, cookie: string): Promise<Socket<{ 'alerts:count': (payload: AlertCount) => void }>> {
  const socket: Socket<{ 'alerts:count': (payload: AlertCount) => void }> = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

process.on('message', (message: ClientsRequest) => {
  if (message.type === 'connect') {
    void (async () => {
      for (let start = 0; start < message.sockets.length; start += 25) {
        const batch = message.sockets.slice(start, start + 25);
        const sockets = await Promise.all(batch.map((entry) => connect(entry.url, entry.cookie)));
        sockets.forEach((socket, index) => clients.push({ socket, carerUserId: batch[index]!.carerUserId }));
      }
      reply({ type: 'connected' });
    })().catch((error: unknown) => reply({ type: 'error', message: String(error) }));
    return;
  }
  if (message.type === 'arm') {
    disarm?.();
    let waiting = clients.length;
    const offs = clients.map((client) => {
      const target = client.carerUserId === null ? message.staffCount : (message.carerCounts[client.carerUserId] ?? 0);
      let heard = false;
      const handler = ({ count }: AlertCount) => {
        if (heard || count !== target) return;
        heard = true;
        waiting -= 1;
        if (waiting === 0) reply({ type: 'done', round: message.round, at: wallClock() });
      };
      client.socket.on('alerts:count', handler);
      return () => client.socket.off('alerts:count', handler);
    });
    disarm = () => offs.forEach((off) => off());
    reply({ type: 'armed', round: message.round });
    return;
  }
  disarm?.();
  for (const client of clients) client.socket.close();
  process.disconnect();
});
