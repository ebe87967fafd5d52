export * from './training-events';
export * from './training-request';
export * from './training-rules';
export type * from './training-view';
export * from './training-completion-events';
