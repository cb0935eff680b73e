import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * How the services load tracing outside jest (tracing.test.ts covers what it records): under tsx,
 * as `npm start` and `npm run dev` run them, src/instrument.ts runs before the app's modules, so
 * pg is patched as it loads; spans are exported over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set, and OTEL_SDK_DISABLED turns it all off. (The compiled dist/ keeps the same order: main.js
 * requires ./instrument first, and every package stays a require of node_modules.)
 */
const bff = path.resolve(__dirname, '..');

function probe(env: Record<string, string>): { started: boolean; exporter: string | null; pgPatched: boolean } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  const result = spawnSync(path.join(bff, 'node_modules/.bin/tsx'), ['test/support/tracingProbe.ts'], {
    cwd: bff,
    env: { ...clean, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`the probe failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

test('by default: traced (pg patched as it loads), nothing exported', () => {
  expect(probe({})).toEqual({ started: true, exporter: null, pgPatched: true });
});

test('OTEL_EXPORTER_OTLP_ENDPOINT set: spans go over OTLP/HTTP', () => {
  expect(probe({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toEqual({
    started: true,
    exporter: 'OTLPTraceExporter',
    pgPatched: true,
  });
});

test('OTEL_SDK_DISABLED=true: no tracing at all', () => {
  expect(probe({ OTEL_SDK_DISABLED: 'true' })).toEqual({ started: false, exporter: null, pgPatched: false });
});
