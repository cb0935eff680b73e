const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'system',
  kind: 'remote',
  port: 8081,
  exposes: { './pages': './src/pages.ts' },
});
