#!/usr/bin/env node
// `npm test`: the whole suite: type check, unit/component and BFF tests (jest), production builds,
// then end-to-end tests in Debian's chromium. Stops at the first failing step.
import { buildAll, installDependencies, pnpm } from './lib/pnpm.mjs';

const skip = new Set(process.argv.slice(2).filter((a) => a.startsWith('--skip-')).map((a) => a.slice(7)));

const steps = [
  ['install', () => installDependencies()],
  ['typecheck', () => pnpm(['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'])],
  ['unit', () => pnpm(['exec', 'jest', '--ci'])],
  ['build', () => buildAll()],
  ['e2e', () => pnpm(['run', 'test:e2e'])],
];

for (const [name, step] of steps) {
  if (skip.has(name)) {
    console.log(`\n== ${name}: skipped`);
    continue;
  }
  console.log(`\n== ${name}`);
  const started = Date.now();
  try {
    await step();
  } catch (error) {
    console.error(`\n== ${name} FAILED: ${error.message}`);
    process.exit(1);
  }
  console.log(`== ${name}: ok (${Math.round((Date.now() - started) / 1000)} s)`);
}
