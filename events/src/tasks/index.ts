export * from './task-events';
export * from './task-request';
export * from './task-labels';
export type * from './task-view';
