const { createFederatedConfig, createPageConfig } = require('@phoenix/build');

/** Pages served with their own HTML file instead of the console's index.html (scripts/lib/staticServer.mjs). */
const pages = { '/auth/login': 'login.html' };

const consoleConfig = createFederatedConfig({ dir: __dirname, name: 'host', kind: 'host', port: 8080, pages });
// The lean sign-in page: a plain React page, not a federation consumer (docs/performance.md).
const loginConfig = createPageConfig({ dir: __dirname, name: 'login', entry: './src/signIn/index.tsx', html: 'login.html' });

// Two builds into one dist: the console first (it cleans the folder), then the sign-in page.
module.exports = (env, argv) => [
  { ...consoleConfig(env, argv), name: 'console' },
  { ...loginConfig(env, argv), dependencies: ['console'] },
];
