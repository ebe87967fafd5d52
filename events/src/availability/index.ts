export * from './working-pattern';
export * from './working-pattern-events';
export * from './working-pattern-request';
export type * from './working-pattern-view';
