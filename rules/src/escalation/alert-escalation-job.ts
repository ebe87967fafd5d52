import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  ALERT_SEVERITY_LABELS,
  ESCALATION_STEPS,
  londonClock,
  RULES_USER,
  ukDateOfInstant,
  WrongExpectedRevisionError,
  type AgencySettings,
  type AlertSeverity,
  type EscalationAudience,
  type EventStore,
} from '@care/events';
import { recordJobRun, type Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import {
  agencySettings,
  AlertService,
  DomainError,
  enqueueMail,
  type CommandContext,
  type OpenedAlert,
} from '@care/command-api';

export const ESCALATION_JOB = 'alert-escalation';

export interface EscalationDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly logger: Logger;
}

export interface EscalationOptions {
  /** PUBLIC_URL: the mail's link to the Alerts page starts with it. */
  readonly publicUrl: string;
}

type EscalationWaits = Pick<AgencySettings, 'escalateCriticalMinutes' | 'escalateHighMinutes'>;

/** The next escalation step of an alert, and how long it has waited for it. */
export interface DueEscalation {
  readonly step: number;
  readonly afterMinutes: number;
}

/**
 * Pure: the lowest step not yet sent whose wait has passed since the alert was opened (raised or reopened), or
 * null. A critical alert's step 1 waits escalateCriticalMinutes and its step 2 twice that; a high alert's one step
 * waits escalateHighMinutes. A step waits for the one before it, so a job that was down sends step 1, then step 2.
 */
export function dueEscalation(
  severity: AlertSeverity,
  sentSteps: readonly number[],
  openedAt: string,
  now: Date,
  waits: EscalationWaits,
): DueEscalation | null {
  const minutes = severity === 'critical' ? waits.escalateCriticalMinutes : waits.escalateHighMinutes;
  for (let step = 1; step <= ESCALATION_STEPS[severity]; step += 1) {
    if (sentSteps.includes(step)) continue;
    const afterMinutes = minutes * step;
    return now.getTime() - Date.parse(openedAt) >= afterMinutes * 60_000 ? { step, afterMinutes } : null;
  }
  return null;
}

/** Who a step goes to: a critical alert's first step to the on-call email (the administrators when none is set). */
export function escalationAudience(
  severity: AlertSeverity,
  step: number,
  onCallEmail: string | null,
): EscalationAudience {
  if (severity !== 'critical') return 'coordinators';
  return step === 1 && onCallEmail !== null ? 'on-call' : 'administrators';
}

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

async function activeEmails(db: Kysely<ReadModelDatabase>, role: 'admin' | 'coordinator'): Promise<string[]> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select('email')
    .where('role', '=', role)
    .where('is_active', '=', true)
    .orderBy('email')
    .execute();
  return [...new Set(rows.map((row) => row.email.toLowerCase()))];
}

/** A stored escalations entry, as far as this job reads it (entries of severity raises have no step). */
interface StoredStep {
  readonly step?: number | null;
  readonly at?: string;
}

/**
 * Open alerts that may have a step due. The read model only narrows the list: each candidate is decided on its own
 * stream. Left out: snoozed alerts, alerts younger than the shorter wait, and those whose latest event is their last
 * step (nothing can be due until they are reopened, which is a later event).
 */
async function candidates(db: Kysely<ReadModelDatabase>, now: Date, waits: EscalationWaits): Promise<string[]> {
  const shortest = Math.min(waits.escalateCriticalMinutes, waits.escalateHighMinutes);
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('alerts')
    .select(['id', 'severity', 'escalations', 'updated_at'])
    .where('status', '=', 'active')
    .where('snoozed_until', 'is', null)
    .where('severity', 'in', ['critical', 'high'])
    .where('created_at', '<=', new Date(now.getTime() - shortest * 60_000))
    .orderBy('created_at')
    .execute();
  return rows
    .filter((row) => {
      const last = (row.escalations as StoredStep[]).at(-1);
      const finished =
        last?.step === ESCALATION_STEPS[row.severity] &&
        last.at !== undefined &&
        Date.parse(last.at) >= row.updated_at.getTime();
      return !finished;
    })
    .map((row) => row.id);
}

/**
 * One pass at `now` (the rules' clock): every critical or high alert still active (nobody acknowledged it) past its
 * wait is mailed to the step's audience and the step is recorded on the alert's stream (AlertEscalationSent).
 * Exactly once per step, whatever runs at once or crashes: the mail's dedupe key is the alert, its opening and the
 * step (a retry after a crash between the mail and the event queues nothing twice), and the event is appended
 * expecting the revision read, so of two processes one records it and the other, reading again, is refused the
 * step. Answers how many steps it recorded.
 */
export async function runAlertEscalations(
  deps: EscalationDeps,
  options: EscalationOptions,
  now: Date = new Date(),
): Promise<number> {
  const settings = await agencySettings(deps.store);
  const alerts = new AlertService(deps.store);
  const context: CommandContext = { userId: RULES_USER, requestId: `escalation-${randomUUID()}` };
  const recipientsOf = async (audience: EscalationAudience): Promise<string[]> =>
    audience === 'on-call'
      ? [settings.onCallEmail!.toLowerCase()]
      : activeEmails(deps.db, audience === 'administrators' ? 'admin' : 'coordinator');
  let recorded = 0;
  for (const id of await candidates(deps.db, now, settings)) {
    // A step, then the next if it is due too; a lost race is read again (at most a few times: each read is newer).
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const read = await alerts.loadOpened(id);
      if (!read.state.exists || read.openedAt === undefined) break;
      const due = dueEscalation(read.state.severity, read.state.escalationSteps, read.openedAt, now, settings);
      if (!due) break;
      const audience = escalationAudience(read.state.severity, due.step, settings.onCallEmail);
      const recipients = await recipientsOf(audience);
      const waited = `${ALERT_SEVERITY_LABELS[read.state.severity]} alert not acknowledged for ${minutesText(due.afterMinutes)}`;
      const reason =
        read.state.severity === 'critical' && due.step === 1 && audience === 'administrators'
          ? `${waited}; no on-call email is set, so it went to the administrators`
          : waited;
      let append: () => Promise<void>;
      try {
        append = alerts.prepareEscalation(
          { type: 'RecordAlertEscalation', id, step: due.step, audience, recipients, reason },
          read,
          context,
        );
      } catch (error) {
        // Acknowledged, snoozed or already escalated as read, or nobody to mail: nothing to send.
        if (error instanceof DomainError) {
          if (error.field === 'recipients') deps.logger.warn({ alertId: id, audience }, 'nobody to escalate to');
          break;
        }
        throw error;
      }
      await queueMails(deps.pool, id, read, { step: due.step, recipients, reason }, options);
      try {
        await append();
        recorded += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }
  await recordJobRun(deps.pool, ESCALATION_JOB, 'ok', `${recorded} escalated`);
  return recorded;
}

async function queueMails(
  pool: pg.Pool,
  id: string,
  read: OpenedAlert,
  escalation: { step: number; recipients: readonly string[]; reason: string },
  options: EscalationOptions,
): Promise<void> {
  const alert = read.state;
  if (!alert.exists || read.openedAt === undefined) return;
  const since = `${londonClock(read.openedAt)} on ${ukDateOfInstant(read.openedAt)}`;
  const text = [
    `${escalation.reason}.`,
    '',
    `${alert.title} (${ALERT_SEVERITY_LABELS[alert.severity]})`,
    alert.description,
    '',
    `Open since ${since} (London time), and nobody has acknowledged it yet.`,
    '',
    `Please open the Alerts page, acknowledge it and act on it: ${options.publicUrl}/alerts`,
    '',
  ].join('\n');
  for (const to of escalation.recipients) {
    await enqueueMail(pool, {
      kind: 'alert-escalation',
      to,
      subject: `Not acknowledged: ${alert.title}`,
      text,
      // The opening's revision: a reopened alert escalates again, with new keys.
      dedupeKey: `alert-escalation:${id}:${String(read.openedRevision)}:${escalation.step}:${to}`,
    });
  }
}

/** Every intervalMs (first soon after start-up); runs never overlap; an error is logged and recorded, never thrown. */
export function startAlertEscalationJob(
  deps: EscalationDeps,
  options: EscalationOptions & { readonly intervalMs: number; readonly now?: () => Date },
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const recorded = await runAlertEscalations(deps, options, options.now?.() ?? new Date());
      if (recorded > 0) deps.logger.info({ recorded }, 'alerts escalated');
    } catch (error) {
      deps.logger.error({ err: error }, 'alert escalation run failed');
      await recordJobRun(deps.pool, ESCALATION_JOB, 'failed', 'The run failed; see the rules log').catch(
        () => undefined,
      );
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  timer = setTimeout(() => void tick(), Math.min(options.intervalMs, 10_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
