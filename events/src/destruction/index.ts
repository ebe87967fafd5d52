export * from './destruction-events';
export * from './destruction-request';
