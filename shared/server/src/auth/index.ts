// The token check's blocks: token and password hashing, the sessions table.
export * from './crypto';
export * from './sessions';
