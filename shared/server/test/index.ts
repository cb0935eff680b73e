// @phoenix/server/testing: what both services' test suites share. (Its jest.mock helpers load
// alone, from @phoenix/server/testing/commonJs.)
export * from './arbitraries';
export * from './csv';
export * from './errorShapeContract';
export * from './ports';
export * from './rawHttp';
export * from './resourceContract';
export * from './scratchDatabase';
export * from './serverTestApp';
