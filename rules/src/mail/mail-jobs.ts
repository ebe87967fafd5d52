import path from 'node:path';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@care/events';
import { retryOnPool, watchHeldClient, type Logger } from '@care/events/server';
import type { ReadModelDatabase } from '@care/projector';
import { MailSender } from './mail-sender';
import { fileTransport, smtpTransport, type MailTransport } from './mail-transport';
import { runAppointmentReminders, runMaintenanceAlerts, runTrainingExpiryNotices } from './notification-jobs';
import { ensureMailSchema, MAIL_NOTIFY_CHANNEL } from '@care/command-api';

export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): unset, messages are written to `<dataDir>/mail/*.eml`. */
  readonly smtpUrl?: string | undefined;
  readonly from: string;
  readonly dataDir: string;
  readonly intervalMs: number;
}

export function mailTransportFor(config: Pick<MailConfig, 'smtpUrl' | 'from' | 'dataDir'>): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.from)
    : fileTransport(path.join(config.dataDir, 'mail'), config.from);
}

/**
 * The rules process's mail work, every MAIL_INTERVAL_MS: decide what is due (reminders, expiry notices,
 * maintenance alerts; each gated by its setting and enqueued once), then deliver the outbox.
 */
export async function startMailJobs(
  deps: {
    readonly pool: pg.Pool;
    readonly db: Kysely<ReadModelDatabase>;
    readonly store: EventStore;
    readonly logger: Logger;
  },
  config: MailConfig,
): Promise<() => void> {
  await ensureMailSchema(deps.pool);
  const transport = mailTransportFor(config);
  const sender = new MailSender(deps.pool, transport, deps.logger);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    for (const [name, job] of [
      ['maintenance alerts', () => runMaintenanceAlerts(deps)],
      ['appointment reminders', () => runAppointmentReminders(deps)],
      ['training expiry notices', () => runTrainingExpiryNotices(deps)],
      ['mail sender', () => sender.runOnce()],
    ] as const) {
      try {
        await job();
      } catch (error) {
        deps.logger.error({ err: error, job: name }, 'mail job failed');
      }
    }
    if (!stopped) timer = setTimeout(() => void tick(), config.intervalMs);
  };
  timer = setTimeout(() => void tick(), Math.min(config.intervalMs, 5_000));
  const stopListening = await deliverOnNotify(deps, sender);
  deps.logger.info({ transport: transport.name }, 'mail jobs running');
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stopListening();
    transport.close();
  };
}

const RETRY_FIRST_MS = 250;
const RETRY_LAST_MS = 5_000;

/**
 * A message put in the outbox (an invoice sent, a reset link asked for) is delivered at once, not at the next
 * interval: the outbox NOTIFYs, and this LISTEN connection runs the sender (one run at a time, and once more if
 * messages came in during a run). When the connection is lost another is opened; meanwhile the interval delivers.
 */
async function deliverOnNotify(
  deps: { readonly pool: pg.Pool; readonly logger: Logger },
  sender: MailSender,
): Promise<() => void> {
  let stopped = false;
  let running = false;
  let again = false;
  let client: pg.PoolClient | undefined;
  let unwatch: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const deliver = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    do {
      again = false;
      await sender
        .runOnce()
        .catch((error: unknown) => deps.logger.error({ err: error, job: 'mail sender' }, 'mail job failed'));
    } while (again && !stopped);
    running = false;
  };
  // A lost connection is opened again soon (250 ms, doubling to 5 s while the database refuses), and the outbox
  // is read once it is back: a NOTIFY sent while nobody listened is gone.
  const listen = async (delayMs = RETRY_FIRST_MS, reconnecting = false): Promise<void> => {
    const tryLater = () => {
      if (!stopped && !client)
        retry = retryOnPool(deps.pool, delayMs, () => void listen(Math.min(delayMs * 2, RETRY_LAST_MS), true));
    };
    try {
      const held = await deps.pool.connect();
      if (stopped) return held.release();
      unwatch = watchHeldClient(held, () => {
        client = undefined;
        if (!stopped) retry = retryOnPool(deps.pool, RETRY_FIRST_MS, () => void listen(RETRY_FIRST_MS * 2, true));
      });
      held.on('notification', () => void deliver());
      client = held;
      await held.query(`LISTEN ${MAIL_NOTIFY_CHANNEL}`);
      if (reconnecting) void deliver();
    } catch (error) {
      deps.logger.warn(
        { err: error, retryInMs: delayMs },
        'could not listen for new mail yet; the interval delivers it',
      );
      tryLater();
    }
  };
  await listen();
  return () => {
    stopped = true;
    clearTimeout(retry);
    unwatch?.();
    client?.release();
    client = undefined;
  };
}
