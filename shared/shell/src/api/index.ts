export * from './ApiRequestError';
export * from './client';
export * from './useApi';
