export * from './account-request';
export * from './account-events';
export type * from './support-view';
export type * from './alert-audiences-view';
