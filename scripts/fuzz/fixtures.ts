import { randomUUID } from 'node:crypto';
import type { Role } from '@care/events';

/** One HTTP exchange as the fuzzer sees it. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface Session {
  readonly role: Role | 'anonymous';
  readonly cookie: string | undefined;
}

/** What the fuzzer sends as a body: JSON or other text, or a multipart form. */
export type RequestBody = string | FormData;

export const PASSWORD = 'fuzz horse battery staple';

/** Sends a request as a browser on the site would: the session cookie, and an Origin on writes. */
export async function send(
  baseUrl: string,
  session: Session,
  method: string,
  path: string,
  body?: RequestBody,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<Reply> {
  const all: Record<string, string> = { ...headers };
  if (session.cookie) all.cookie = session.cookie;
  if (method !== 'GET') all.origin = baseUrl;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: all,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

async function created(baseUrl: string, session: Session, path: string, value: unknown): Promise<string> {
  const { body, headers } = json(value);
  const reply = await send(baseUrl, session, 'POST', path, body, headers);
  if (reply.status !== 201)
    throw new Error(`Fixture POST ${path} answered ${reply.status}: ${reply.text.slice(0, 500)}`);
  return (JSON.parse(reply.text) as { id: string }).id;
}

export async function signIn(baseUrl: string, role: Role, email: string, password: string): Promise<Session> {
  const { body, headers } = json({ email, password });
  const reply = await send(baseUrl, { role: 'anonymous', cookie: undefined }, 'POST', '/api/login', body, headers);
  if (reply.status !== 200) throw new Error(`Sign-in as ${email} answered ${reply.status}: ${reply.text}`);
  const cookie = reply.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('care.sid='));
  if (!cookie) throw new Error(`Sign-in as ${email} set no session cookie`);
  return { role, cookie };
}

/** The real ids the fuzzer's path parameters and references draw on, by the collection they live in. */
export type IdsByCollection = Record<string, string[]>;

export interface Fixtures {
  readonly sessions: readonly Session[];
  readonly ids: IdsByCollection;
}

const minutesFromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString();

/**
 * Signs in an admin, a coordinator and a carer, and creates a few records of each kind through the API. The users
 * the fuzzer may deactivate or re-role are separate accounts, so the signed-in sessions last the whole run.
 */
export async function createFixtures(baseUrl: string, admin: { email: string; password: string }): Promise<Fixtures> {
  const adminSession = await signIn(baseUrl, 'admin', admin.email, admin.password);
  const tag = randomUUID().slice(0, 6);
  const user = (role: Role, name: string) =>
    created(baseUrl, adminSession, '/api/users', {
      email: `${name}-${tag}@example.org`,
      firstName: 'Fuzz',
      lastName: name,
      role,
      password: PASSWORD,
    });
  await user('coordinator', 'coordinator');
  const carerUserId = await user('carer', 'carer');
  const victims = [
    await user('carer', 'victim-carer'),
    await user('coordinator', 'victim-coordinator'),
    await user('admin', 'victim-admin'),
  ];
  const coordinator = await signIn(baseUrl, 'coordinator', `coordinator-${tag}@example.org`, PASSWORD);
  const carer = await signIn(baseUrl, 'carer', `carer-${tag}@example.org`, PASSWORD);

  const carers: string[] = [];
  const clients: string[] = [];
  const appointments: string[] = [];
  const shifts: string[] = [];
  const diary: string[] = [];
  const training: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const carerId = await created(baseUrl, adminSession, '/api/carers', {
      firstName: 'Fuzz',
      lastName: `Carer${index}`,
      email: `fuzz-carer${index}-${tag}@example.org`,
      employeeId: `FUZZ-${tag}-${index}`,
      startDate: '2024-03-01',
      ...(index === 0 && { userId: carerUserId }),
    });
    carers.push(carerId);
    const clientId = await created(baseUrl, adminSession, '/api/clients', {
      clientId: `CL-F${index}${tag.slice(0, 3)}`.toUpperCase(),
      firstName: 'Fuzz',
      lastName: `Client${index}`,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds LS6 2AB',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    });
    clients.push(clientId);
    appointments.push(
      await created(baseUrl, adminSession, '/api/appointments', {
        clientId,
        carerId,
        scheduledStart: minutesFromNow(60 * 24 * (index + 1)),
        durationMinutes: 30,
      }),
      await created(baseUrl, adminSession, '/api/appointments', {
        clientId,
        carerId,
        scheduledStart: minutesFromNow(10 + index * 60),
        durationMinutes: 30,
      }),
    );
    shifts.push(
      await created(baseUrl, adminSession, '/api/shifts', {
        carerId,
        shiftType: 'morning',
        startTime: minutesFromNow(60 * 24 * 3),
        endTime: minutesFromNow(60 * 24 * 3 + 240),
      }),
    );
    diary.push(
      await created(baseUrl, adminSession, '/api/diary', {
        carerId,
        clientId,
        entryDate: minutesFromNow(-60),
        title: `Fuzz entry ${index}`,
        content: 'Breakfast eaten well.',
      }),
    );
    training.push(
      await created(baseUrl, adminSession, '/api/training', {
        carerId,
        trainingType: 'first_aid',
        completedDate: '2025-01-10',
      }),
    );
  }
  const feedback = [
    await created(baseUrl, carer, '/api/feedback', {
      type: 'bug',
      category: 'general',
      message: 'A fuzz fixture',
      page: '/',
    }),
  ];
  const tasks = [
    await created(baseUrl, adminSession, '/api/tasks', {
      title: 'Fuzz task',
      type: 'call',
      category: 'care',
      assignedTo: carerUserId,
    }),
    await created(baseUrl, adminSession, '/api/tasks', {
      title: 'Fuzz task for a client',
      type: 'visit',
      category: 'medication',
      clientId: clients[0],
    }),
  ];
  return {
    sessions: [adminSession, coordinator, carer, { role: 'anonymous', cookie: undefined }],
    ids: {
      users: victims,
      carers,
      clients,
      appointments,
      shifts,
      diary,
      training,
      feedback,
      tasks,
      // Alerts are raised by the rule runner, not through the API: the fuzz sends random alert ids (404).
      alerts: [],
      'voice-notes': [],
    },
  };
}
