import type pg from 'pg';
import {
  AUTOMATED_JOBS,
  type AutomatedJobView,
  type ServiceInstanceView,
  type ServiceLatencyView,
  type SystemStatusView,
} from '@care/events';
import {
  addHistograms,
  HEARTBEAT_STALE_MS,
  latencyPercentile,
  OPS_SCHEMA,
  ensureOpsSchema,
  readStoreBinding,
  type LatencyHistogram,
} from '@care/events/server';
import type { EventLogSource } from '../shared/event-log-source';

interface HeartbeatRow {
  instance_id: string;
  service: string;
  version: string;
  host: string;
  pid: number;
  started_at: Date;
  beat_at: Date;
  stopped_at: Date | null;
  latency: LatencyHistogram | null;
  now: Date;
}

/**
 * GET /api/status/system. Every figure is measured now: the heartbeats the service processes write (events/src/
 * server/ops.ts), the event store's table, PostgreSQL's own statistics and the timed jobs' last runs.
 */
export class SystemStatusQueries {
  private ready: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly eventLog: EventLogSource,
  ) {}

  async status(): Promise<SystemStatusView> {
    this.ready ??= ensureOpsSchema(this.pool);
    await this.ready;
    const [beats, binding, events, database, jobs] = await Promise.all([
      this.heartbeats(),
      readStoreBinding(this.pool),
      this.events(),
      this.database(),
      this.jobs(),
    ]);
    const services = beats.map((row): ServiceInstanceView => {
      const silentMs = row.now.getTime() - row.beat_at.getTime();
      const state = row.stopped_at ? 'stopped' : silentMs > HEARTBEAT_STALE_MS ? 'down' : 'up';
      return {
        service: row.service,
        instanceId: row.instance_id,
        version: row.version,
        host: row.host,
        pid: row.pid,
        startedAt: row.started_at.toISOString(),
        uptimeSeconds: state === 'up' ? Math.round((row.now.getTime() - row.started_at.getTime()) / 1000) : null,
        lastBeatAt: row.beat_at.toISOString(),
        state,
      };
    });
    const latency = [...new Set(beats.map((row) => row.service))].map((service): ServiceLatencyView => {
      // Instances that stopped took their last 15 minutes with them; the running ones together make the figure.
      const histogram = addHistograms(
        beats.filter((row) => row.service === service && row.latency && !row.stopped_at).map((row) => row.latency!),
      );
      return {
        service,
        requests: histogram.counts.reduce((sum, count) => sum + count, 0),
        p50Ms: latencyPercentile(histogram, 0.5),
        p95Ms: latencyPercentile(histogram, 0.95),
      };
    });
    const store = binding
      ? { kind: binding.kind, label: binding.label, id: binding.id, since: binding.boundAt.toISOString() }
      : null;
    return { measuredAt: new Date().toISOString(), services, latency, store, events, database, jobs };
  }

  private async heartbeats(): Promise<HeartbeatRow[]> {
    const { rows } = await this.pool.query<HeartbeatRow>(
      `SELECT instance_id, service, version, host, pid, started_at, beat_at, stopped_at, latency, now() AS now
         FROM ${OPS_SCHEMA}.service_heartbeats
        WHERE stopped_at IS NULL OR stopped_at > now() - interval '1 hour'
        ORDER BY service, started_at`,
    );
    return rows;
  }

  /** The PostgreSQL event store's counts; on EventStoreDB its own statistics are in its admin UI. */
  private async events(): Promise<SystemStatusView['events']> {
    if (this.eventLog.kind !== 'postgres') return null;
    const counted = await this.pool.query<{ total: string; last_hour: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE recorded_at > now() - interval '1 hour') AS last_hour FROM es_events`,
    );
    return { total: Number(counted.rows[0]!.total), lastHour: Number(counted.rows[0]!.last_hour) };
  }

  private async database(): Promise<SystemStatusView['database']> {
    const { rows } = await this.pool.query<{ size: string; connections: string; max: string }>(
      `SELECT pg_database_size(current_database()) AS size,
              (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections,
              current_setting('max_connections') AS max`,
    );
    return {
      sizeBytes: Number(rows[0]!.size),
      connections: Number(rows[0]!.connections),
      maxConnections: Number(rows[0]!.max),
    };
  }

  /** Each automated feature with its last run: the alert rules from their runner's checkpoint, the rest from ops.job_runs. */
  async jobs(): Promise<AutomatedJobView[]> {
    const [runs, rules] = await Promise.all([
      this.pool.query<{ name: string; last_run_at: Date; outcome: 'ok' | 'failed'; detail: string | null }>(
        `SELECT name, last_run_at, outcome, detail FROM ${OPS_SCHEMA}.job_runs`,
      ),
      this.pool
        .query<{ last_run_at: Date | null }>(`SELECT max(last_run_at) AS last_run_at FROM rules.runner_checkpoints`)
        .catch(() => ({ rows: [] as { last_run_at: Date | null }[] })),
    ]);
    const byName = new Map(runs.rows.map((row) => [row.name, row]));
    return AUTOMATED_JOBS.map((job) => {
      if (job.name === 'alert-rules') {
        const at = rules.rows[0]?.last_run_at ?? null;
        return { ...job, lastRunAt: at ? at.toISOString() : null, outcome: at ? 'ok' : null, detail: null };
      }
      const run = byName.get(job.name);
      return {
        ...job,
        lastRunAt: run ? run.last_run_at.toISOString() : null,
        outcome: run?.outcome ?? null,
        detail: run?.detail ?? null,
      };
    });
  }
}
