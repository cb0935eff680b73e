// The first module main.ts loads: tracing is set up before anything requires Fastify or pg, so
// the pg instrumentation can patch pg as it loads (@phoenix/server's tracing.ts).
import { startTracing } from '@phoenix/server/tracing';

startTracing({ service: 'bff' });
