import { context, isSpanContextValid, propagation, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations, type Instrumentation } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { FastifyOtelInstrumentation } from '@fastify/otel';

/**
 * Tracing for both services (OpenTelemetry), set up once per process by the service's
 * instrument.ts, the first module its main.ts loads: the pg instrumentation patches `pg` as it is
 * required, so it must be registered before anything requires it. What is traced:
 *  - every request: a server span (@fastify/otel, on Fastify's own initialization channel, so any
 *    Fastify instance made after this gets it), its parent taken from a W3C `traceparent` header;
 *  - every fetch made inside a trace (undici's diagnostics channels): a client span, its
 *    `traceparent` sent along;
 *  - every pg query made inside a trace (the pg-boss polling outside requests is not).
 * Spans leave the process only when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP, the
 * exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself); otherwise they are dropped
 * as they end, and the trace ids still join the two services' log lines (http/logging.ts).
 * OTEL_SDK_DISABLED=true turns all of it off.
 */
export interface TracingOptions {
  /** The resource's service.name (OTEL_SERVICE_NAME wins). */
  service: string;
  /** Where spans go; default: OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, else nowhere. Tests pass an in-memory one. */
  exporter?: SpanExporter | null;
  /** Export each span as it ends (tests) rather than in batches. */
  simple?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  provider: TracerProvider;
  /** Where spans go (null: nowhere, they are dropped as they end). */
  exporter: SpanExporter | null;
  instrumentations: Instrumentation[];
  /** Exports what is still buffered, then stops (the shutdown's last step). */
  shutdown(): Promise<void>;
}

/** Operator endpoints polled every few seconds: no span (http/logging.ts logs them at debug). */
const UNTRACED_PATHS = new Set(['/health', '/ready', '/metrics']);

let started: Tracing | null = null;

/** The process's tracing (once: a second call returns the first's). */
export function startTracing(options: TracingOptions): Tracing | null {
  if (started) return started;
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;

  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const exporter = options.exporter !== undefined ? options.exporter : endpoint ? new OTLPTraceExporter() : null;
  const spanProcessors: SpanProcessor[] = exporter
    ? [options.simple ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })]
    : [];
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || options.service }),
    spanProcessors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  const instrumentations: Instrumentation[] = [
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      // One span per request (and its handler's), not one per hook: a request passes ~15 hooks.
      instrumentHooks: false,
      ignorePaths: (route: { url?: string }) => UNTRACED_PATHS.has((route.url ?? '').split('?')[0]!),
      // Named as the semantic conventions name server spans, by route pattern: "GET /point-accounts/:id".
      requestHook: (span: Span, request: { method: string; routeOptions: { url?: string } }) => {
        if (request.routeOptions.url) span.updateName(`${request.method} ${request.routeOptions.url}`);
      },
    }),
    // Calls made inside a trace (a request's, a job's); the action log's shipping in the background is not.
    new UndiciInstrumentation({ requireParentforSpans: true }),
    // Queries inside a request or a traced job only; the statement's text, never its values.
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
  registerInstrumentations({ tracerProvider: provider, instrumentations });
  started = {
    provider,
    exporter,
    instrumentations,
    shutdown: () => provider.shutdown(),
  };
  return started;
}

/** The process's tracing, if started. */
export function currentTracing(): Tracing | null {
  return started;
}

/** The active span's ids for a log line: `traceId`, `spanId` (nothing outside a trace). */
export function traceFields(): { traceId?: string; spanId?: string } {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}
