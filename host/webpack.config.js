const { createFederatedConfig } = require('@phoenix/build');

module.exports = createFederatedConfig({ dir: __dirname, name: 'host', kind: 'host', port: 8080 });
