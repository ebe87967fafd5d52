import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { alertStreamId, RULES_USER, type AlertCount } from '@care/events';
import { freePort, SessionStore, SESSION_COOKIE } from '@care/events/server';
import type { TestUser } from '@care/command-api/testing';
import { stamped } from './care-log';
import { now, percentile, round, runConcurrently } from './stats';
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
const WARM_UP = 5;
const TIMEOUT_MS = 15_000;

interface Client {
  readonly socket: Socket<{ 'alerts:count': (payload: AlertCount) => void }>;
  /** The carer account whose own figures it gets, or undefined for staff. */
  readonly carerUserId: string | undefined;
}

function startChild(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function untilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${url}/health`).then((reply) => reply.ok, () => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A read on `url` once the projections it reads have reached `position` (read your writes). */
async function readAt(url: string, pathAndQuery: string, cookie: string, position: string): Promise<void> {
  const reply = await fetch(`${url}${pathAndQuery}`, { headers: { cookie, 'x-min-position': position } });
  if (reply.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${reply.status}: ${await reply.text()}`);
}

function connect(url: string, cookie: string, carerUserId: string | undefined): Promise<Client> {
  // WebSocket straight away, as a browser is after its first second.
  const socket: Client['socket'] = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, carerUserId }));
    socket.once('connect_error', reject);
  });
}

/**
 * Times alert pushes across processes as the product runs them: a projector and two read-api instances, each its
 * own process, on one database. A round appends one AlertRaised to the store (as the rule runner would) and stops
 * the clock when every listening socket has received `alerts:count` with the count it should now show (staff:
 * every active alert; a carer: their own). The clock starts before the append, so the commit is inside it.
 */
export async function measureAlertPush(url: string, progress: (message: string) => void = () => undefined): Promise<AlertPushFigures> {
  const services = await startServices(url);
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
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
    const last = (await command.request('POST', '/api/carers', { firstName: 'Last', lastName: 'Carer', email: 'last@example.org', employeeId: 'EMP-LAST', startDate: '2024-01-08' })).body as { position: string };
    position = last.position;
    for (const readUrl of readUrls) {
      await readAt(readUrl, '/api/carers?limit=1', command.admin.cookie, position);
      await readAt(readUrl, '/api/appointments?today=true&limit=1', command.admin.cookie, position);
    }

    let staffCount = 0;
    const carerCounts = new Map(carers.map(({ user }) => [user.id, 0]));
    const expected = (client: Client) => (client.carerUserId === undefined ? staffCount : carerCounts.get(client.carerUserId)!);

    /** One round per sample: raise an alert (every other one about a carer) and wait for every client's new count. */
    const rounds = async (listening: readonly Client[], count: number): Promise<number[]> => {
      const samples: number[] = [];
      for (let round = 0; round < WARM_UP + count; round += 1) {
        const about = round % 2 === 0 ? carers[round % carers.length] : undefined;
        staffCount += 1;
        if (about) carerCounts.set(about.user.id, carerCounts.get(about.user.id)! + 1);
        let waiting = listening.length;
        let finished: (at: number) => void = () => undefined;
        const done = new Promise<number>((resolve) => (finished = resolve));
        const handlers = listening.map((client) => {
          const target = expected(client);
          let heard = false;
          const handler = ({ count: pushed }: AlertCount) => {
            if (heard || pushed !== target) return;
            heard = true;
            waiting -= 1;
            if (waiting === 0) finished(now());
          };
          client.socket.on('alerts:count', handler);
          return () => client.socket.off('alerts:count', handler);
        });
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
        const begin = now();
        await services.store.append(alertStreamId(id), [{ ...raised, metadata: { ...raised.metadata, userId: RULES_USER } }], 'no_stream');
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`round ${round}: ${waiting} sockets never got their count`)), TIMEOUT_MS).unref());
        const arrived = await Promise.race([done, timeout]);
        for (const off of handlers) off();
        if (round >= WARM_UP) samples.push(arrived - begin);
        // Let the dashboard figures of this change go out before the next one.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return samples;
    };

    progress('one administrator socket on the second read-api instance');
    clients.push(await connect(readUrls[1]!, command.admin.cookie, undefined));
    const single = await rounds(clients, SINGLE_ROUNDS);
    clients.splice(0).forEach((client) => client.socket.close());

    progress(`${CLIENTS} signed-in sockets over both instances: ${CLIENTS - CARERS} staff sessions and ${CARERS} carers`);
    const crowd = await signedInCrowd(services, [command.admin, ...coordinators], carers, readUrls);
    clients.push(...crowd);
    const thousand = await rounds(clients, CROWD_ROUNDS);
    return {
      alertPushP50Ms: round(percentile(single, 50), 2),
      alertPushP95Ms: round(percentile(single, 95), 2),
      alertPush1000P50Ms: round(percentile(thousand, 50), 2),
      alertPush1000P95Ms: round(percentile(thousand, 95), 2),
    };
  } finally {
    for (const client of clients) client.socket.close();
    for (const child of children.reverse()) await stopChild(child);
    await services.close();
  }
}

/**
 * 1,000 sockets, each on its own session: the staff's are further sessions of the administrator's and the
 * coordinators' accounts (opened in the session store as a sign-in opens them, without hashing a password 900
 * times), one per carer; alternately on each read-api instance.
 */
async function signedInCrowd(services: Services, staff: readonly TestUser[], carers: readonly { user: TestUser }[], readUrls: readonly string[]): Promise<Client[]> {
  const sessions = new SessionStore(services.pool);
  const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
  const cookies: { cookie: string; carerUserId: string | undefined }[] = carers.map(({ user }) => ({ cookie: user.cookie, carerUserId: user.id }));
  for (let n = 0; cookies.length < CLIENTS; n += 1) {
    const session = await sessions.find(tokenOf(staff[n % staff.length]!.cookie));
    if (!session) throw new Error('a staff session has expired');
    const { sid: _sid, createdAt: _createdAt, ...data } = session;
    const { token } = await sessions.create(data);
    cookies.push({ cookie: `${SESSION_COOKIE}=${token}`, carerUserId: undefined });
  }
  const clients: Client[] = new Array(cookies.length);
  await runConcurrently(cookies.length, 50, async (n) => {
    clients[n] = await connect(readUrls[n % readUrls.length]!, cookies[n]!.cookie, cookies[n]!.carerUserId);
  });
  return clients;
}
