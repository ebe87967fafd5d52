export * from './training-events';
