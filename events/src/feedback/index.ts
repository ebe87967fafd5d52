export * from './feedback-events';
export * from './feedback-request';
export * from './feedback-labels';
export type * from './feedback-view';
