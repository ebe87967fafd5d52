import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type Koa from 'koa';
import type pg from 'pg';
import type { Logger } from './logger';
import { createSchemaSerially } from './serial-schema';

/**
 * Operational bookkeeping for the admin panel's System Status: each service process beats into
 * `ops.service_heartbeats` (who it is, its version, when it started, when it last beat, its request latency over
 * the last 15 minutes), and timed jobs record their last run in `ops.job_runs`. Mutable tables, not events:
 * they are measurements of the machines, not facts of care.
 */
export const OPS_SCHEMA = 'ops';
/** The product's version (ui/src/shared/brand.ts shows the same to users). */
export const PRODUCT_VERSION = '2025.1.0';
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A process that has not beaten for this long is down: two missed beats and a margin; with the 5 s push, a killed process shows down within 20 s. */
export const HEARTBEAT_STALE_MS = 15_000;

/** Every service creates the ops tables as it starts: serialised, as they start at once. */
const OPS_SCHEMA_LOCK = 7_242_010;

export async function ensureOpsSchema(pool: pg.Pool): Promise<void> {
  await createSchemaSerially(pool, OPS_SCHEMA_LOCK, [
    `CREATE SCHEMA IF NOT EXISTS ${OPS_SCHEMA}`,
    `CREATE TABLE IF NOT EXISTS ${OPS_SCHEMA}.service_heartbeats (
    instance_id uuid PRIMARY KEY,
    service text NOT NULL,
    version text NOT NULL,
    host text NOT NULL,
    pid integer NOT NULL,
    started_at timestamptz NOT NULL,
    beat_at timestamptz NOT NULL,
    stopped_at timestamptz,
    latency jsonb
  )`,
    `CREATE TABLE IF NOT EXISTS ${OPS_SCHEMA}.job_runs (
    name text PRIMARY KEY,
    last_run_at timestamptz NOT NULL,
    outcome text NOT NULL,
    detail text
  )`,
  ]);
}

/** Upper bounds (ms) of the latency histogram's buckets; the last one catches everything slower. */
export const LATENCY_BUCKETS_MS = [
  1,
  2,
  3,
  5,
  8,
  12,
  20,
  30,
  50,
  75,
  100,
  150,
  250,
  400,
  600,
  1000,
  2000,
  5000,
  10_000,
  Number.POSITIVE_INFINITY,
] as const;
const WINDOW_MINUTES = 15;

/** How many requests fell in each bucket over the last 15 minutes. Histograms of several instances add up. */
export interface LatencyHistogram {
  readonly counts: number[];
}

/**
 * Request durations kept as one histogram per minute for the last 15 minutes: constant memory whatever the traffic,
 * and instances' histograms add up, so the read side computes a service's p50/p95 over every instance.
 */
export class LatencyRecorder {
  private readonly minutes = new Map<number, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  record(durationMs: number): void {
    const minute = Math.floor(this.now() / 60_000);
    let counts = this.minutes.get(minute);
    if (!counts) {
      counts = LATENCY_BUCKETS_MS.map(() => 0);
      this.minutes.set(minute, counts);
      for (const key of this.minutes.keys()) if (key <= minute - WINDOW_MINUTES) this.minutes.delete(key);
    }
    counts[LATENCY_BUCKETS_MS.findIndex((bound) => durationMs <= bound)]! += 1;
  }

  /** The last 15 minutes, summed. */
  snapshot(): LatencyHistogram {
    const from = Math.floor(this.now() / 60_000) - WINDOW_MINUTES;
    const counts = LATENCY_BUCKETS_MS.map(() => 0);
    for (const [minute, perBucket] of this.minutes)
      if (minute > from) perBucket.forEach((count, index) => (counts[index]! += count));
    return { counts };
  }
}

/** The bucket bound under which `fraction` of the requests finished (null without requests). */
export function latencyPercentile(histogram: LatencyHistogram, fraction: number): number | null {
  const total = histogram.counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let index = 0; index < histogram.counts.length; index += 1) {
    seen += histogram.counts[index]!;
    if (seen >= fraction * total) {
      const bound = LATENCY_BUCKETS_MS[index]!;
      return Number.isFinite(bound) ? bound : LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 2]!;
    }
  }
  return null;
}

export function addHistograms(histograms: readonly LatencyHistogram[]): LatencyHistogram {
  const counts = LATENCY_BUCKETS_MS.map(() => 0);
  for (const histogram of histograms)
    histogram.counts.forEach((count, index) => (counts[index] = (counts[index] ?? 0) + count));
  return { counts };
}

/** koa middleware: times every request (health checks left out: they are the machines', not the users'). */
export function latencyMiddleware(recorder: LatencyRecorder): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path !== '/health') recorder.record(performance.now() - started);
    }
  };
}

export interface Heartbeat {
  readonly instanceId: string;
  stop(): Promise<void>;
}

/**
 * Beats every 5 s for this process: the System Status tab lists it, and shows it down once it stops beating (a
 * killed process cannot say goodbye; one stopped cleanly marks itself stopped at once).
 */
export async function startHeartbeat(options: {
  readonly pool: pg.Pool;
  readonly service: string;
  readonly log: Logger;
  readonly latency?: LatencyRecorder;
  readonly intervalMs?: number;
}): Promise<Heartbeat> {
  const { pool, service, log, latency } = options;
  const instanceId = randomUUID();
  const startedAt = new Date().toISOString();
  await ensureOpsSchema(pool);
  const beat = async () => {
    try {
      await pool.query(
        `INSERT INTO ${OPS_SCHEMA}.service_heartbeats (instance_id, service, version, host, pid, started_at, beat_at, latency)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
         ON CONFLICT (instance_id) DO UPDATE SET beat_at = now(), latency = excluded.latency, stopped_at = NULL`,
        [
          instanceId,
          service,
          PRODUCT_VERSION,
          os.hostname(),
          process.pid,
          startedAt,
          latency ? JSON.stringify(latency.snapshot()) : null,
        ],
      );
      // Instances gone for a day are history, not status.
      await pool.query(`DELETE FROM ${OPS_SCHEMA}.service_heartbeats WHERE beat_at < now() - interval '1 day'`);
    } catch (error) {
      log.warn({ err: error }, 'heartbeat failed');
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    instanceId,
    async stop() {
      clearInterval(timer);
      await pool
        .query(`UPDATE ${OPS_SCHEMA}.service_heartbeats SET stopped_at = now() WHERE instance_id = $1`, [instanceId])
        .catch(() => undefined);
    },
  };
}

/** A timed job's last run (the automated features list): the mail sender, reminders and notices, the timeliness policy. */
export async function recordJobRun(
  pool: pg.Pool,
  name: string,
  outcome: 'ok' | 'failed',
  detail: string | null = null,
): Promise<void> {
  await pool.query(
    `INSERT INTO ${OPS_SCHEMA}.job_runs (name, last_run_at, outcome, detail) VALUES ($1, now(), $2, $3)
     ON CONFLICT (name) DO UPDATE SET last_run_at = now(), outcome = excluded.outcome, detail = excluded.detail`,
    [name, outcome, detail === null ? null : detail.slice(0, 500)],
  );
}
