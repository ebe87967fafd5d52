export * from './test-database';
export * from './event-store-contract';
