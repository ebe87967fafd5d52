export * from './destruction-events';
export * from './destruction-request';
export * from './destruction-view';
