import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { frameworkErrorReply } from './errors';
import { fastifyLogging, installRequestLog } from './logging';
import { installMetrics, type MetricsOptions } from './metrics';
import { installReadiness, type ReadinessChecks } from './readiness';
import { installRequestIds, requestIdOptions } from './requestContext';
import { installInFlightTracking } from './shutdown';

/** Fastify's constructor options for the operator signals: request ids and logging. */
export function operatorServerOptions(options: {
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
}): Pick<FastifyServerOptions, 'logger' | 'loggerInstance' | 'logController' | 'requestIdHeader' | 'genReqId' | 'frameworkErrors'> {
  return { ...requestIdOptions, ...fastifyLogging(options), frameworkErrors: frameworkErrorReply };
}

/**
 * What an operator reads from a service: x-request-id on every response, one log line per
 * request, /ready, /metrics, and the in-flight requests a shutdown drains. Installed first, so its
 * hooks run before every other (the request id is known to the guards that follow).
 */
export function installOperatorSignals(app: FastifyInstance, options: { readiness: ReadinessChecks; metrics: MetricsOptions }): void {
  installRequestIds(app);
  installRequestLog(app);
  installInFlightTracking(app);
  installMetrics(app, options.metrics);
  installReadiness(app, options.readiness);
}
