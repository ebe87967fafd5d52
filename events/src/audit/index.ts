export * from './audit-events';
export * from './record-kinds';
export * from './record-history';
