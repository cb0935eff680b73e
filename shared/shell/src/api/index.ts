export * from './ApiRequestError';
export * from './describeError';
export * from './client';
export * from './useApi';
export * from './useChangeControlMode';
