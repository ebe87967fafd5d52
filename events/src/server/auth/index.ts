export * from './auth-schema';
export * from './session-store';
export * from './request-guards';
export * from './session-env';
