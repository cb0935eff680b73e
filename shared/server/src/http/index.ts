// HTTP: the error shape, input guards, auth guard, routes of resources and documents, CSV, operator signals.
export * from './auth';
export * from './changeControl';
export * from './csv';
export * from './documentRoutes';
export * from './errors';
export * from './jsonBody';
export * from './limits';
export * from './logging';
export * from './metrics';
export * from './openapi';
export * from './operator';
export * from './paging';
export * from './readiness';
export * from './requestContext';
export * from './resourceRoutes';
export * from './shutdown';
export * from './validate';
