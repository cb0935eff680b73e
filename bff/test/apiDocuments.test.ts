// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { startBothServices, servedDocuments, type BothServices } from './support/bothServices';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { OpenApiDocument } from '@phoenix/server/testing';

/**
 * Both services' OpenAPI documents, built in-process as each serves them (GET /openapi.json):
 *  - `redocly lint` with the recommended rules (redocly.yaml) finds no error in either (warnings
 *    are printed, and allowed);
 *  - shared/api-types/src/<service>.gen.ts are what openapi-typescript generates from them now.
 *    `pnpm run api:types` (UPDATE_API_TYPES=1) writes them instead of comparing.
 * With the BFF's tests: it loads both services (the points API's own tests never load the BFF).
 */
const ROOT = path.resolve(__dirname, '../..');
const TYPES_DIR = path.join(ROOT, 'shared/api-types/src');
const SERVICES = ['bff', 'points'] as const;
const update = process.env.UPDATE_API_TYPES === '1';

let both: BothServices;
let documents: Record<(typeof SERVICES)[number], OpenApiDocument>;
let dir: string;
beforeAll(async () => {
  both = await startBothServices();
  documents = await servedDocuments(both);
  dir = mkdtempSync(path.join(os.tmpdir(), 'phoenix-openapi-'));
  for (const service of SERVICES) writeFileSync(path.join(dir, `${service}.json`), JSON.stringify(documents[service], null, 2));
});
afterAll(async () => {
  await both?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A package's bin script, resolved from the workspace package that depends on it. */
function binOf(fromPackage: string, pkg: string, bin: string): string {
  const manifest = createRequire(path.join(ROOT, fromPackage, 'package.json')).resolve(`${pkg}/package.json`);
  const bins = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> | string }).bin;
  return path.join(path.dirname(manifest), typeof bins === 'string' ? bins : bins[bin]!);
}

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result;
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location?: { pointer?: string }[] }[];
}

test.each(SERVICES)('redocly lint, recommended rules: no error in the %s document', (service) => {
  const redocly = binOf('.', '@redocly/cli', 'redocly');
  const file = path.join(dir, `${service}.json`);
  const result = run(redocly, ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '10000']);
  const report = JSON.parse(result.stdout) as LintReport;
  const size = Buffer.byteLength(JSON.stringify(documents[service]));
  console.log(`${service}: ${size} bytes, redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
  const errors = report.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location?.[0]?.pointer ?? ''})`);
  expect(errors).toEqual([]);
  expect(report.totals.errors).toBe(0);
});

test.each(SERVICES)('shared/api-types/src/%s.gen.ts is what openapi-typescript generates from the document', (service) => {
  const generator = binOf('shared/api-types', 'openapi-typescript', 'openapi-typescript');
  const out = path.join(dir, `${service}.gen.ts`);
  // A field with a default may be left out of a request (the service fills it in): not required in the types.
  const result = run(generator, [path.join(dir, `${service}.json`), '--output', out, '--default-non-nullable=false']);
  expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({ status: 0, stderr: '' });
  const generated = readFileSync(out, 'utf8');
  const committed = path.join(TYPES_DIR, `${service}.gen.ts`);
  if (update) writeFileSync(committed, generated);
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    // none yet: the comparison below says so
  }
  if (current !== generated) {
    throw new Error(`${path.relative(ROOT, committed)} is out of date with the ${service} API: run \`pnpm run api:types\` and commit it`);
  }
});
