export * from './diary-events';
