/** GET /api/status/system: the admin panel's System Status figures, measured when asked. */
export interface ServiceInstanceView {
  service: string;
  instanceId: string;
  version: string;
  host: string;
  pid: number;
  startedAt: string;
  /** Seconds since it started; null when it is down. */
  uptimeSeconds: number | null;
  lastBeatAt: string;
  /** up: beat within 15 s; down: silent longer (killed, hung, or its machine gone); stopped: shut down cleanly. */
  state: 'up' | 'down' | 'stopped';
}

export interface ServiceLatencyView {
  service: string;
  /** Requests answered in the last 15 minutes, every running instance of the service together. */
  requests: number;
  /** Upper bound of the histogram bucket holding the median / 95th percentile; null without requests. */
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface AutomatedJobView {
  name: string;
  label: string;
  description: string;
  lastRunAt: string | null;
  outcome: 'ok' | 'failed' | null;
  detail: string | null;
}

export interface SystemStatusView {
  measuredAt: string;
  services: ServiceInstanceView[];
  latency: ServiceLatencyView[];
  /**
   * The store the read models were built from and every service checks at start (ops.store_binding); null until
   * a service has started against this database.
   */
  store: { kind: 'postgres' | 'eventstoredb'; label: string; id: string; since: string } | null;
  /** null on EventStoreDB (its own statistics are in its admin UI). */
  events: { total: number; lastHour: number } | null;
  database: { sizeBytes: number; connections: number; maxConnections: number };
  jobs: AutomatedJobView[];
}

/** GET /api/mail/outbox: one message and its fate (the body is never listed: it may hold a reset link). */
export interface OutboxMessageView {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent' | 'written' | 'failed';
  attempts: number;
  lastError: string | null;
  transport: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
