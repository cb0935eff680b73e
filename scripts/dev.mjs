#!/usr/bin/env node
// `npm run dev`: host, remotes and BFF with live reload (webpack serve on 8080–8085, tsx watch on 8787).
import fs from 'node:fs';
import path from 'node:path';
import { installDependencies, pnpm, repoRoot } from './lib/pnpm.mjs';
import { REMOTES, readEnvironment } from './lib/console.mjs';

await installDependencies();
const config = readEnvironment('local');
REMOTES.forEach((name, i) => {
  config.remotes[name] = { ...config.remotes[name], entry: `http://localhost:${8081 + i}/mf-manifest.json` };
});
const file = path.join(repoRoot, '.data/dev-config.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(config, null, 2));

console.log('Dev servers: host http://localhost:8080, remotes 8081–8085, BFF http://localhost:8787');
await pnpm(['-r', '--parallel', '--filter', './host', '--filter', './remotes/*', '--filter', './bff', 'dev'], {
  env: { ...process.env, PHOENIX_DEV_CONFIG: file },
});
