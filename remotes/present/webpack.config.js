const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({
  dir: __dirname,
  name: 'present',
  kind: 'remote',
  port: 8083,
  exposes: { './pages': './src/pages.ts' },
});
