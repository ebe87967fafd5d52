export * from './projection-events';
export * from './projection-status-view';
