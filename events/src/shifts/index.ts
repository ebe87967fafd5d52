export * from './shift-events';
export * from './shift-request';
