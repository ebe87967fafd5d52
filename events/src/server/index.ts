export * from './env';
export * from './command-time';
export * from './http';
export * from './logger';
export * from './create-pool';
export * from './postgres-server';
export * from './event-store-factory';
export * from './store-binding';
export { NoEventLogError, PostgresEventStore, appendInTransaction } from '../postgres/postgres-event-store';
export { ensureEventStoreSchema, EVENTS_NOTIFY_CHANNEL, hasEventLog } from '../postgres/event-store-schema';
export {
  sealPending,
  sealAll,
  readChainHead,
  CONTENT_HASH_SQL,
  type ChainHead,
  type SealResult,
} from '../postgres/log-chain';
export {
  verifyLog,
  logDigest,
  formatDigest,
  parseDigest,
  describeBreak,
  type ChainBreak,
  type LogDigest,
  type VerifyResult,
} from '../postgres/log-verify';
export * from './service-env';
export {
  describeHosts,
  eventStoreUrl,
  optionalEventStoreUrl,
  parseEventStoreConnection,
} from '../eventstoredb/connection-string';
export * from './ports';
export * from './auth';
export * from './ops';
export * from './serial-schema';
export * from './media/media-schema';
export * from './media/audio-store';
export * from './media/report-file-store';
