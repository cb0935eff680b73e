const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'points',
  kind: 'remote',
  port: 8085,
  exposes: { './pages': './src/pages.ts' },
});
