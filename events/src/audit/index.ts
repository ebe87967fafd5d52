export * from './audit-events';
export * from './record-kinds';
export * from './record-history';
export type * from './audit-view-schema';
