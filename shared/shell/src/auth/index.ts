export * from './signIn';
export * from './authClient';
export * from './authSession';
export * from './useAuth';
export * from './usePermissions';
export * from './passkeyPrompt';
