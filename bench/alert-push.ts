import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { alertStreamId, RULES_USER, type AlertCount } from '@care/events';
import { freePort, SessionStore, SESSION_COOKIE } from '@care/events/server';
import type { TestUser } from '@care/command-api/testing';
import type { ClientsReply, ClientsRequest } from './alert-push-clients';
import { stamped } from './care-log';
import { startChild, stopChild, untilHealthy } from './child-services';
import { percentile, round, runConcurrently } from './stats';
import { startServices, type Services } from './services';

export interface AlertPushFigures {
  alertPushP50Ms: number;
  alertPushP95Ms: number;
  alertPush1000P50Ms: number;
  alertPush1000P95Ms: number;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const CARERS = 100;
const CLIENTS = 1_000;
const SINGLE_ROUNDS = 60;
const CROWD_ROUNDS = 40;
/**
 * The 1,000 sockets live in client processes of their own, as browsers do (bench/alert-push-clients.ts);
 * BENCH_CLIENT_PROCESSES=0 keeps them in this process.
 */
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const WARM_UP = 5;
const TIMEOUT_MS = 15_000;

type CountSocket = Socket<{ 'alerts:count': (payload: AlertCount) => void }>;

/** Listening sockets: `arm` sets the count each should receive next and resolves with when the last one had it. */
interface Listeners {
  arm(round: number, staffCount: number, carerCounts: Record<string, number>): Promise<{ arrived: Promise<number> }>;
}

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
const wallClock = () => performance.timeOrigin + performance.now();

/** A read on `url` once the projections it reads have reached `position` (read your writes). */
async function readAt(url: string, pathAndQuery: string, cookie: string, position: string): Promise<void> {
  const reply = await fetch(`${url}${pathAndQuery}`, { headers: { cookie, 'x-min-position': position } });
  if (reply.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${reply.status}: ${await reply.text()}`);
}

function connect(url: string, cookie: string): Promise<CountSocket> {
  // WebSocket straight away, as a browser is after its first second.
  const socket: CountSocket = io(url, {
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

/** Sockets in this process (a carer's when `carerUserId` is set). */
function inProcess(sockets: readonly { socket: CountSocket; carerUserId: string | null }[]): Listeners {
  return {
    async arm(_round, staffCount, carerCounts) {
      let waiting = sockets.length;
      const arrived = new Promise<number>((resolve) => {
        for (const { socket, carerUserId } of sockets) {
          const target = carerUserId === null ? staffCount : (carerCounts[carerUserId] ?? 0);
          const handler = ({ count }: AlertCount) => {
            if (count !== target) return;
            socket.off('alerts:count', handler);
            waiting -= 1;
            if (waiting === 0) resolve(wallClock());
          };
          socket.on('alerts:count', handler);
        }
      });
      return { arrived };
    },
  };
}

interface ClientWorker {
  send(request: ClientsRequest): void;
  next(accept: (reply: ClientsReply) => boolean): Promise<ClientsReply>;
  close(): Promise<void>;
}

/** A client process (bench/alert-push-clients.ts) with its sockets open. */
async function startClients(
  sockets: { url: string; cookie: string; carerUserId: string | null }[],
): Promise<ClientWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/alert-push-clients.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Set<(reply: ClientsReply) => boolean>();
  child.on('message', (reply: ClientsReply) => {
    if (reply.type === 'error') throw new Error(`client process: ${reply.message}`);
    for (const accept of waiting) if (accept(reply)) waiting.delete(accept);
  });
  const worker: ClientWorker = {
    send: (request) => child.send(request),
    next: (accept) =>
      new Promise((resolve) =>
        waiting.add((reply) => {
          if (!accept(reply)) return false;
          resolve(reply);
          return true;
        }),
      ),
    async close() {
      if (child.exitCode !== null || !child.connected) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
  const connected = worker.next((reply) => reply.type === 'connected');
  worker.send({ type: 'connect', sockets });
  await connected;
  return worker;
}

/** The sockets of every client process: the last of them to have its count decides the round. */
function inWorkers(workers: readonly ClientWorker[]): Listeners {
  return {
    async arm(round, staffCount, carerCounts) {
      const armed = workers.map((worker) => worker.next((reply) => reply.type === 'armed' && reply.round === round));
      const done = workers.map((worker) => worker.next((reply) => reply.type === 'done' && reply.round === round));
      for (const worker of workers) worker.send({ type: 'arm', round, staffCount, carerCounts });
      await Promise.all(armed);
      return {
        arrived: Promise.all(done).then((replies) => Math.max(...replies.map((reply) => (reply as { at: number }).at))),
      };
    },
  };
}

/**
 * Times alert pushes across processes as the product runs them: a projector and two read-api instances, each its
 * own process, on one database. A round appends one AlertRaised to the store (as the rule runner would) and stops
 * the clock when every listening socket has received `alerts:count` with the count it should now show (staff:
 * every active alert; a carer: their own). The clock starts before the append, so the commit is inside it.
 */
export async function measureAlertPush(
  url: string,
  progress: (message: string) => void = () => undefined,
): Promise<AlertPushFigures> {
  const services = await startServices(url);
  const children: ChildProcess[] = [];
  const clients: CountSocket[] = [];
  const workers: ClientWorker[] = [];
  try {
    children.push(startChild('projector/src/main.ts', { DATABASE_URL: url }));
    const readUrls: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      children.push(startChild('read-api/src/main.ts', { DATABASE_URL: url, READ_API_PORT: String(port) }));
      readUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(readUrls.map(untilHealthy));

    progress(`signing in 2 coordinators and ${CARERS} carers, each linked to a carer record`);
    const { command } = services;
    const coordinators = [await command.createUser('coordinator'), await command.createUser('coordinator')];
    const carers: { user: TestUser; carerId: string }[] = [];
    let position = '';
    await runConcurrently(CARERS, 4, async (n) => {
      const user = await command.createUser('carer');
      const reply = await command.request('POST', '/api/carers', {
        firstName: 'Bench',
        lastName: `Carer ${n}`,
        email: `bench-carer-${n}@example.org`,
        employeeId: `EMP-B${String(n).padStart(4, '0')}`,
        startDate: '2024-01-08',
        userId: user.id,
      });
      if (reply.status !== 201) throw new Error(`POST /api/carers answered ${reply.status}: ${reply.text}`);
      carers.push({ user, carerId: (reply.body as { id: string }).id });
      position = (reply.body as { position: string }).position;
    });
    const last = (
      await command.request('POST', '/api/carers', {
        firstName: 'Last',
        lastName: 'Carer',
        email: 'last@example.org',
        employeeId: 'EMP-LAST',
        startDate: '2024-01-08',
      })
    ).body as { position: string };
    position = last.position;
    for (const readUrl of readUrls) {
      await readAt(readUrl, '/api/carers?limit=1', command.admin.cookie, position);
      await readAt(readUrl, '/api/appointments?today=true&limit=1', command.admin.cookie, position);
    }

    let staffCount = 0;
    const carerCounts = new Map(carers.map(({ user }) => [user.id, 0]));

    /** One round per sample: raise an alert (every other one about a carer) and wait for every socket's new count. */
    const rounds = async (listeners: Listeners, count: number): Promise<number[]> => {
      const samples: number[] = [];
      for (let round = 0; round < WARM_UP + count; round += 1) {
        const about = round % 2 === 0 ? carers[round % carers.length] : undefined;
        staffCount += 1;
        if (about) carerCounts.set(about.user.id, carerCounts.get(about.user.id)! + 1);
        const { arrived } = await listeners.arm(round, staffCount, Object.fromEntries(carerCounts));
        const id = uuidv7();
        const raised = stamped({
          type: 'AlertRaised',
          data: {
            id,
            rule: 'visit_late',
            subject: id,
            severity: 'high',
            title: 'Visit running late',
            description: 'Nobody has checked in 15 minutes after the planned start.',
            relatedKind: 'appointment',
            relatedId: id,
            carerId: about?.carerId ?? null,
            clientId: null,
            appointmentId: null,
            actionRequired: null,
            dueDate: null,
          },
        });
        const begin = wallClock();
        await services.store.append(
          alertStreamId(id),
          [{ ...raised, metadata: { ...raised.metadata, userId: RULES_USER } }],
          'no_stream',
        );
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`round ${round}: some sockets never got their count`)), TIMEOUT_MS).unref(),
        );
        const at = await Promise.race([arrived, timeout]);
        if (round >= WARM_UP) samples.push(at - begin);
        // Let the dashboard figures of this change go out before the next one.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return samples;
    };

    progress('one administrator socket on the second read-api instance');
    const single = await connect(readUrls[1]!, command.admin.cookie);
    clients.push(single);
    const singleSamples = await rounds(inProcess([{ socket: single, carerUserId: null }]), SINGLE_ROUNDS);
    single.close();

    progress(
      `${CLIENTS} signed-in sockets over both instances (${CLIENT_PROCESSES} client processes): ${CLIENTS - CARERS} staff sessions and ${CARERS} carers`,
    );
    const cookies = await signedInCrowd(services, [command.admin, ...coordinators], carers);
    let crowd: Listeners;
    if (CLIENT_PROCESSES === 0) {
      const sockets: { socket: CountSocket; carerUserId: string | null }[] = [];
      await runConcurrently(cookies.length, 50, async (n) => {
        const socket = await connect(readUrls[n % readUrls.length]!, cookies[n]!.cookie);
        clients.push(socket);
        sockets.push({ socket, carerUserId: cookies[n]!.carerUserId });
      });
      crowd = inProcess(sockets);
    } else {
      for (let worker = 0; worker < CLIENT_PROCESSES; worker += 1) {
        const mine = cookies
          .filter((_, n) => n % CLIENT_PROCESSES === worker)
          .map((entry, n) => ({ ...entry, url: readUrls[n % readUrls.length]! }));
        workers.push(await startClients(mine));
      }
      crowd = inWorkers(workers);
    }
    const thousand = await rounds(crowd, CROWD_ROUNDS);
    return {
      alertPushP50Ms: round(percentile(singleSamples, 50), 2),
      alertPushP95Ms: round(percentile(singleSamples, 95), 2),
      alertPush1000P50Ms: round(percentile(thousand, 50), 2),
      alertPush1000P95Ms: round(percentile(thousand, 95), 2),
    };
  } finally {
    for (const client of clients) client.close();
    for (const worker of workers) await worker.close();
    for (const child of children.reverse()) await stopChild(child);
    await services.close();
  }
}

/**
 * 1,000 sessions: the staff's are further sessions of the administrator's and the coordinators' accounts (opened
 * in the session store as a sign-in opens them, without hashing a password 900 times), one per carer.
 */
async function signedInCrowd(
  services: Services,
  staff: readonly TestUser[],
  carers: readonly { user: TestUser }[],
): Promise<{ cookie: string; carerUserId: string | null }[]> {
  const sessions = new SessionStore(services.pool);
  const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
  const cookies: { cookie: string; carerUserId: string | null }[] = carers.map(({ user }) => ({
    cookie: user.cookie,
    carerUserId: user.id,
  }));
  for (let n = 0; cookies.length < CLIENTS; n += 1) {
    const session = await sessions.find(tokenOf(staff[n % staff.length]!.cookie));
    if (!session) throw new Error('a staff session has expired');
    const { sid: _sid, createdAt: _createdAt, ...data } = session;
    const { token } = await sessions.create(data);
    cookies.push({ cookie: `${SESSION_COOKIE}=${token}`, carerUserId: null });
  }
  return cookies;
}
