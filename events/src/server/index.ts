export * from './env';
export * from './http';
export * from './logger';
export * from './postgres-server';
export * from './event-store-factory';
export { PostgresEventStore, appendInTransaction } from '../postgres/postgres-event-store';
export { ensureEventStoreSchema, EVENTS_NOTIFY_CHANNEL } from '../postgres/event-store-schema';
export * from './service-env';
export * from './ports';
