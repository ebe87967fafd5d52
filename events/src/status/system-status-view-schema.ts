import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { OutboxMessageView, SystemStatusView } from './system-status-view';

export const systemStatusViewSchema = z.strictObject({
  measuredAt: z.string(),
  services: z.array(
    z.strictObject({
      service: z.string(),
      instanceId: z.string(),
      version: z.string(),
      host: z.string(),
      pid: z.number(),
      startedAt: z.string(),
      uptimeSeconds: z.number().nullable(),
      lastBeatAt: z.string(),
      state: z.enum(['up', 'down', 'stopped']),
    }),
  ),
  latency: z.array(
    z.strictObject({
      service: z.string(),
      requests: z.number(),
      p50Ms: z.number().nullable(),
      p95Ms: z.number().nullable(),
    }),
  ),
  store: z
    .strictObject({
      kind: z.enum(['postgres', 'eventstoredb']),
      label: z.string(),
      id: z.string(),
      since: z.string(),
    })
    .nullable(),
  events: z.strictObject({ total: z.number(), lastHour: z.number() }).nullable(),
  database: z.strictObject({ sizeBytes: z.number(), connections: z.number(), maxConnections: z.number() }),
  jobs: z.array(
    z.strictObject({
      name: z.string(),
      label: z.string(),
      description: z.string(),
      lastRunAt: z.string().nullable(),
      outcome: z.enum(['ok', 'failed']).nullable(),
      detail: z.string().nullable(),
    }),
  ),
});

export type SystemStatusViewSchemaStatus = Expect<Same<z.infer<typeof systemStatusViewSchema>, SystemStatusView>>;

export const outboxMessageViewSchema = z.strictObject({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'written', 'failed']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

export type SystemStatusViewSchemaOutbox = Expect<Same<z.infer<typeof outboxMessageViewSchema>, OutboxMessageView>>;
