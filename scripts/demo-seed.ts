import { randomUUID } from 'node:crypto';
import {
  DEMO_SEED_STREAM,
  DemoSeedCompleted,
  DemoSeedStarted,
  positionToToken,
  START_POSITION,
  type NewEvent,
  type RawRecordedEvent,
} from '@care/events';
import { atSimulatedTime, createPool, PostgresEventStore } from '@care/events/server';
import { AppointmentService } from '@care/command-api';
import { DEFAULT_VISIT_LATE_GRACE_MINUTES, VISIT_TIMELINESS_USER } from '@care/rules';
import type { AdminCredentials } from './demo-admin';
import { CachedStreams } from './demo/cached-store';
import { DemoClock } from './demo/demo-times';
import { InProcessCommands } from './demo/in-process-commands';
import { demoQuarter, type Journal, type QuarterSenders } from './demo/demo-quarter';
import { Timeline } from './demo/demo-timeline';
import { noProgress, type SeedProgress } from './start-progress';

/** Events the first start writes before any demo data: the first administrator's account. */
const ACCOUNT_SETUP_EVENTS = new Set(['UserEmailReserved', 'UserRegistered', 'UserPasswordSet', 'UserSignedIn']);

export interface SeedResult {
  /** How many records of each kind were created, e.g. { carers: 30, clients: 150, … }. */
  readonly counts: Readonly<Record<string, number>>;
  /** Demo accounts of the other roles, signing in with the administrator's password. */
  readonly users: readonly { email: string; role: string }[];
  /** True when this start finished a load an earlier start had begun and not completed. */
  readonly resumed: boolean;
}

/** Sends one request; `requestId` (letters, digits, dots, dashes) becomes the correlation id of what it appends. */
export type Send = (method: string, path: string, body: unknown, requestId?: string) => Promise<unknown>;

export interface SeedOptions {
  /** Lines for the person starting the product (e.g. that an unfinished load is being finished). */
  readonly say?: (line: string) => void;
  readonly progress?: SeedProgress;
  /** The real time the quarter ends at (tests pin it; default: now). */
  readonly now?: Date;
}

/**
 * The demo agency's last quarter, lived again: every command goes through the command API's own routes, run in this
 * process (InProcessCommands) under a simulated clock that walks through the thirteen weeks in time order, so each
 * event happens, and is recorded, when it would have been (and says in its metadata that it is demo data). `url` is
 * the running product: invoices and payroll are made from the read models, so before each weekly run the loader
 * waits, through the read API, for them to catch up.
 *
 * It loads only into a store that holds nothing but the first administrator's account, or one where an earlier start
 * began loading and was stopped (Ctrl+C) before the end: that load is finished. The load records its beginning and
 * end in the demo-seed stream, and sends every command with a request id naming its part, item and step, so a later
 * start reads from the log which commands went through and sends only the others.
 */
export async function seedDemoDataOnce(
  databaseUrl: string,
  url: string,
  admin: AdminCredentials,
  options: SeedOptions = {},
): Promise<SeedResult | undefined> {
  // The load's commits do not wait for the disk: a crash may lose its last few, and the next start, reading from the
  // log what went through, sends them again. It writes tens of thousands of small commits, most of its time otherwise.
  const pool = createPool(databaseUrl, { max: 4, settings: { synchronous_commit: 'off' } });
  const store = await PostgresEventStore.connect(pool);
  try {
    const markers = (await store.readStream(DEMO_SEED_STREAM)).map((event) => event.type);
    if (markers.includes(DemoSeedCompleted.type)) return undefined;
    const resumed = markers.includes(DemoSeedStarted.type);
    const clock = new DemoClock(options.now ?? new Date());
    let earlier: LogJournal;
    if (resumed) {
      options.say?.('Finishing the demo data: an earlier start began loading it and was stopped before the end…');
      earlier = new LogJournal(await wholeLog(store, pool));
    } else {
      const first = await store.readAll(START_POSITION, 100);
      if (first.some((event) => !ACCOUNT_SETUP_EVENTS.has(event.type))) return undefined;
      await store.append(
        DEMO_SEED_STREAM,
        // Recorded as the quarter opens: the log's demo history reads in time order from its first event.
        [marker(DemoSeedStarted.type, { startedAt: new Date().toISOString() }, clock.opens)],
        'no_stream',
      );
      options.say?.('Loading the demo data: a quarter of care, as it happened (on the first start only)…');
      earlier = new LogJournal([]);
    }
    const streams = new CachedStreams(store);
    const commands = new InProcessCommands(streams, pool, url);
    const visits = new AppointmentService(streams);
    const progress = options.progress ?? noProgress;
    let reader: Send | undefined;
    const senders: QuarterSenders = {
      signIn: async (credentials) => once(await commands.signIn(credentials), earlier, progress),
      readsCaughtUp: async () => {
        reader ??= await signedIn(url, admin);
        const position = await head(pool);
        for (const path of CAUGHT_UP_PATHS) await readAfter(reader, path, position);
      },
      checkTimeliness: async (at, visitId, key) => {
        const requestId = `${REQUEST_PREFIX}${key}`;
        if (earlier.replyOf(requestId)) return;
        const context = { userId: VISIT_TIMELINESS_USER, requestId };
        await atSimulatedTime(at, () => visits.checkTimeliness(visitId, DEFAULT_VISIT_LATE_GRACE_MINUTES, context));
        progress.command();
      },
    };
    const timeline = new Timeline();
    const result = await demoQuarter({ clock, admin, senders, timeline, journal: earlier, progress });
    await store.append(
      DEMO_SEED_STREAM,
      [marker(DemoSeedCompleted.type, { completedAt: new Date().toISOString() })],
      'any',
    );
    return { ...result, resumed };
  } finally {
    await store.close();
    await pool.end();
  }
}

/** A sender that skips what the journal shows went through (answering what it answered then), and counts the rest. */
function once(
  send: (at: Date, method: string, path: string, body: unknown, requestId: string) => Promise<unknown>,
  earlier: LogJournal,
  progress: SeedProgress,
) {
  return async (at: Date, method: string, path: string, body: unknown, key: string): Promise<unknown> => {
    const requestId = `${REQUEST_PREFIX}${key}`;
    const done = earlier.replyOf(requestId);
    if (done) return done;
    const reply = await send(at, method, path, body, requestId);
    progress.command();
    return reply;
  };
}

/** One of the loader's own events (at `at`, default now); it has no user, so it is the system's. */
function marker(type: string, data: unknown, at?: Date): NewEvent {
  const occurredAt = (at ?? new Date()).toISOString();
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: {
      userId: 'system',
      occurredAt,
      correlationId: DEMO_SEED_STREAM,
      causationId: DEMO_SEED_STREAM,
      demo: true,
    },
    ...(at && { recordedAt: occurredAt }),
  };
}

/**
 * Every event the stopped load committed. The store's reader shows only events older than every transaction still
 * open (docs/decisions/0003-commit-safe-global-order.md), so a service's transaction open at this moment would hide
 * the load's last commands, and the resumed load would send them again (booking a carer twice). It reads until it
 * has seen at least as many events as were committed when it began.
 */
async function wholeLog(store: PostgresEventStore, pool: ReturnType<typeof createPool>): Promise<RawRecordedEvent[]> {
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from es_events');
  const committed = rows[0]!.n;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const log: RawRecordedEvent[] = [];
    for (;;) {
      const page = await store.readAll(log.at(-1)?.position ?? START_POSITION, 5000);
      log.push(...page);
      if (page.length < 5000) break;
    }
    if (log.length >= committed || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The log's last position, as the read API's `minPosition` takes it. */
/** The position of the last event in the log (null: none yet), for a read that must see everything so far. */
export async function head(pool: ReturnType<typeof createPool>): Promise<string | null> {
  const { rows } = await pool.query<{ transaction_id: string; sequence: string }>(
    'select transaction_id, sequence from es_events order by transaction_id desc, sequence desc limit 1',
  );
  const last = rows[0];
  return last ? positionToToken({ commit: BigInt(last.transaction_id), prepare: BigInt(last.sequence) }) : null;
}

/** The lists invoices and payroll are made from: visits, carers and who funds each client. */
const CAUGHT_UP_PATHS = ['/api/appointments?limit=1', '/api/carers?limit=1', '/api/finance/client-funding?limit=1'];

/** Prefix of every demo request id, so an earlier load's commands can be told from anyone else's. */
const REQUEST_PREFIX = 'demo-seed.';

/**
 * For each part that creates records: the event its create appends, and the field of that event holding the id the
 * create replied with (a create may append others first, such as the reservation of an email or employee ID).
 */
const CREATED_BY_PART: Readonly<Record<string, readonly [type: string, field: string]>> = {
  users: ['UserRegistered', 'userId'],
  carers: ['CarerRegistered', 'carerId'],
  clients: ['ClientRegistered', 'id'],
  training: ['TrainingRecorded', 'id'],
  feedback: ['FeedbackSubmitted', 'id'],
  'care-plan-templates': ['CarePlanTemplateCreated', 'id'],
  'care-plans': ['CarePlanCreated', 'id'],
  visits: ['AppointmentScheduled', 'id'],
  diary: ['DiaryEntryAdded', 'id'],
  shifts: ['ShiftPlanned', 'id'],
  tasks: ['TaskCreated', 'id'],
  incidents: ['IncidentReported', 'id'],
  medications: ['MedicationPrescribed', 'id'],
  'report-schedules': ['ReportScheduled', 'id'],
  contracts: ['ContractCreated', 'contractId'],
  funders: ['FunderAdded', 'funderId'],
};

/** What an earlier, stopped load did: the request ids of the commands that went through, and what they answered. */
class LogJournal implements Journal {
  private readonly replies = new Map<string, { id?: string; invoices?: InvoiceReply[] }>();
  private readonly types = new Map<string, number>();

  constructor(log: readonly RawRecordedEvent[]) {
    for (const event of log) {
      this.types.set(event.type, (this.types.get(event.type) ?? 0) + 1);
      const requestId = (event.metadata as { correlationId?: unknown }).correlationId;
      if (typeof requestId !== 'string' || !requestId.startsWith(REQUEST_PREFIX)) continue;
      const reply = this.replies.get(requestId) ?? {};
      this.replies.set(requestId, reply);
      const [part = '', , step] = requestId.slice(REQUEST_PREFIX.length).split('.');
      const data = event.data as Record<string, unknown> | null;
      const created = CREATED_BY_PART[part];
      const id = created && data?.[created[1]];
      if (step === '0' && created?.[0] === event.type && typeof id === 'string') reply.id = id;
      // An invoice run answers with the invoices it issued: the follow-ups (sent, paid) are worked out from them.
      if (part === 'invoice-runs' && event.type === 'InvoiceIssued' && data)
        (reply.invoices ??= []).push({
          id: String(data.invoiceId),
          funderId: String(data.funderId),
          totalPence: Number(data.totalPence),
        });
    }
  }

  /** The reply a command that went through would give again; undefined when it never went. */
  replyOf(requestId: string): { id?: string; invoices?: InvoiceReply[] } | undefined {
    const reply = this.replies.get(requestId);
    return reply && { ...reply, invoices: reply.invoices ?? [] };
  }

  count(type: string): number {
    return this.types.get(type) ?? 0;
  }
}

interface InvoiceReply {
  readonly id: string;
  readonly funderId: string;
  readonly totalPence: number;
}

/** A GET that waits (?minPosition=) until the read models behind `path` reach `position`; retried while they catch up. */
export async function readAfter(send: Send, path: string, position: string | null): Promise<unknown> {
  const separator = path.includes('?') ? '&' : '?';
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      return await send(
        'GET',
        position === null ? path : `${path}${separator}minPosition=${encodeURIComponent(position)}`,
        undefined,
      );
    } catch (error) {
      if (!String(error).includes(' 503 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  throw new Error(`Demo data: the read model did not catch up for ${path}`);
}

export async function createdId(reply: Promise<unknown>): Promise<string> {
  const body = await reply;
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new Error(`Demo data: a create replied without an id: ${JSON.stringify(body)}`);
  return id;
}

/** A user of the running product over HTTP (the loader's reads; its writes go in process). */
export async function signedIn(url: string, credentials: AdminCredentials): Promise<Send> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200)
    throw new Error(`Demo user ${credentials.email} could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  let count = 0;
  return async (method, path, body, requestId) => {
    count += 1;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: url,
        cookie,
        'x-request-id': requestId ?? `demo-seed-${credentials.email}-${count}`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`Demo data refused: ${method} ${path} ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
}
