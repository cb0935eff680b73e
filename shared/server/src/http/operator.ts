import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { errorShapeServerOptions } from './errors';
import { fastifyLogging, installRequestLog } from './logging';
import { installMetrics, type MetricsOptions } from './metrics';
import { installReadiness, type ReadinessChecks } from './readiness';
import { installRequestIds, requestIdOptions } from './requestContext';
import { installInFlightTracking } from './shutdown';

/** Fastify's constructor options: request ids, logging, and the error shape for errors before routing. */
export function operatorServerOptions(options: {
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
}): Pick<
  FastifyServerOptions,
  'logger' | 'loggerInstance' | 'logController' | 'requestIdHeader' | 'genReqId' | 'frameworkErrors' | 'clientErrorHandler'
> {
  return { ...requestIdOptions, ...fastifyLogging(options), ...errorShapeServerOptions };
}

/**
 * What an operator reads from every request: x-request-id on every response, one log line per
 * request, and the in-flight requests a shutdown drains. Installed first, so these hooks run
 * before every other (the request id is known to the guards that follow).
 */
export function installOperatorSignals(app: FastifyInstance): void {
  installRequestIds(app);
  installRequestLog(app);
  installInFlightTracking(app);
}

/** /metrics and /ready: registered after the auth guard, so its route table lists them as public. */
export function registerOperatorEndpoints(app: FastifyInstance, options: { readiness: ReadinessChecks; metrics: MetricsOptions }): void {
  installMetrics(app, options.metrics);
  installReadiness(app, options.readiness);
}
