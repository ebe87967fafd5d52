export * from './diary-events';
export * from './diary-request';
export type * from './diary-view';
export type * from './diary-views';
