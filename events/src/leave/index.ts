export * from './leave-events';
export * from './leave-period';
export * from './leave-request';
export type * from './leave-view';
