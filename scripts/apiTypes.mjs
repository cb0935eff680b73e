#!/usr/bin/env node
// `pnpm run api:types`: regenerates shared/api-types/src/{bff,points}.gen.ts from both services'
// OpenAPI documents, built in-process as the services serve them (bff/test/apiDocuments.test.ts,
// which compares them otherwise), with openapi-typescript. Commit what it writes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(root, 'node_modules/jest/bin/jest.js');
const result = spawnSync(process.execPath, [jest, '--ci', '--maxWorkers=1', 'bff/test/apiDocuments.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The generated files are written by the test in this mode; the in-memory database as for any test.
  env: { ...process.env, UPDATE_API_TYPES: '1', TEST_DATABASE_URL: '' },
});
process.exit(result.status ?? 1);
