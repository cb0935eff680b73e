#!/usr/bin/env node
// End-to-end suite: node's test runner over e2e/tests, each file starting its own stack of
// production builds on its own ports. Builds first if a dist folder is missing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const missing = ['host', ...['system', 'user-policy', 'present', 'battle', 'points'].map((r) => `remotes/${r}`)].filter(
  (dir) => !fs.existsSync(path.join(root, dir, 'dist')),
);
if (missing.length) {
  console.error(`Production builds missing for: ${missing.join(', ')}. Run \`pnpm build\` (npm test does it).`);
  process.exit(1);
}
const files = fs
  .readdirSync(path.join(here, 'tests'))
  .filter((f) => f.endsWith('.e2e.mjs'))
  .sort()
  .map((f) => path.join(here, 'tests', f));
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
  cwd: root,
});
child.on('exit', (code) => process.exit(code ?? 1));
