// The plan suites: each service's read queries EXPLAINed on a database of realistic
// size. Not part of `jest` (jest.config.cjs): `npm test` runs them as their own step ('plans').
const base = require('./jest.config.cjs');
const project = (name) => base.projects.find((p) => p.displayName === name);
module.exports = {
  testTimeout: 600000,
  projects: ['bff', 'points-api'].map((name) => ({
    ...project(name),
    displayName: `${name}-plans`,
    testMatch: ['**/test/plans/*.plans.ts'],
  })),
};
