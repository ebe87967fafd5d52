export * from './alert-events';
export * from './alert-request';
export * from './alert-labels';
export type * from './alert-view';
