const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'user-policy',
  kind: 'remote',
  port: 8082,
  exposes: { './pages': './src/pages.ts' },
});
