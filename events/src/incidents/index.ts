export * from './incident-events';
export * from './incident-request';
export * from './incident-labels';
export * from './incident-duties';
export type * from './incident-view';
