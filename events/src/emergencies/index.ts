export * from './emergency-events';
export * from './emergency-request';
export type * from './emergency-view';
