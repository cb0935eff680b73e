const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'battle',
  kind: 'remote',
  port: 8084,
  exposes: { './pages': './src/pages.ts' },
});
