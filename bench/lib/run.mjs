// Runs a bench module (TypeScript, it imports the BFF's code) under tsx, the BFF's TypeScript
// loader, in a child node process: `node bench/bff-lists.mjs` → bench/lib/lists.ts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function runTs(module) {
  const bffDir = fileURLToPath(new URL('../../bff/', import.meta.url));
  const file = fileURLToPath(new URL(module, import.meta.url));
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], { cwd: bffDir, stdio: 'inherit' });
  process.exit(status ?? 1);
}
