export * from './test-database';
export * from './event-store-contract';
export * from './boundary-events';
