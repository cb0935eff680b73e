export * from './common';
export * from './auth';
export * from './config';
export * from './constantVariables';
export * from './actionLogs';
export * from './admins';
export * from './mutations';
