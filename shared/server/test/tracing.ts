import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { createRequire } from 'node:module';
import pg from 'pg';
import { startTracing } from '../src/tracing';
import { packageVersion } from './commonJs';

/**
 * Tracing in a test file (@phoenix/server/testing/tracing: kept out of the testing index, which
 * every test file loads), its spans kept in memory. Fastify's and fetch's instrumentations work
 * through Node's diagnostics channels, as in the services; pg's patches pg as Node's `require`
 * loads it, which jest's own module registry goes around: the `pg` of this file's registry (the
 * one the app's code gets) is patched here, as the hook would have.
 */
export function startTestTracing(): { exporter: InMemorySpanExporter; spans(): ReadableSpan[] } {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({ service: 'test', exporter, simple: true, env: {} });
  if (!tracing) throw new Error('tracing did not start');
  const instrumentation = tracing.instrumentations.find((i) => i instanceof PgInstrumentation)!;
  const definition = instrumentation.getModuleDefinitions().find((d) => d.name === 'pg')!;
  definition.patch?.(pg, packageVersion(createRequire(__filename).resolve('pg'), 'pg'));
  return { exporter, spans: () => exporter.getFinishedSpans() };
}
