export * from './settings-request';
export * from './settings-events';
export type * from './settings-view';
export * from './legacy-safeguarding';
export * from './log-retention';
