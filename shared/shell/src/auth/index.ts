export * from './signIn';
export * from './authSession';
export * from './useAuth';
