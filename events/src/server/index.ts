export * from './env';
export * from './http';
export * from './logger';
export * from './postgres-server';
