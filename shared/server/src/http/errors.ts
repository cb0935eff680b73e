import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  BFF_EXTRA_ERROR_CODES,
  ERROR_CODES,
  errorMessageKey,
  fieldErrorKeysOf,
  type ApiError,
  type ErrorMessageParams,
  type KeyedMessage,
} from '@phoenix/contract';
import {
  ConflictError,
  DomainError,
  FORM_ERROR_KEY,
  InvalidInputError,
  NotFoundError,
  keyedOf,
  textOf,
  type ErrorText,
  type FieldErrors,
} from '../errors';

export { FORM_ERROR_KEY, type FieldErrors };

/**
 * An error the client is meant to see: thrown anywhere, rendered as { error: {...} }. A message
 * built from values is given by key (`keyedMessage`): its key and values go beside the English text.
 */
export class HttpError extends Error {
  readonly keyed: KeyedMessage | undefined;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: ErrorText,
    readonly details: {
      fieldErrors?: FieldErrors;
      /** Field errors built from values (keyedMessage): their values, by field (null for a fixed message). */
      fieldErrorParams?: Record<string, (ErrorMessageParams | null)[]>;
      current?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(textOf(message));
    this.name = 'HttpError';
    this.keyed = keyedOf(message);
  }

  toBody(): ApiError {
    const { fieldErrors, fieldErrorParams, current } = this.details;
    const messageKey = this.keyed?.key ?? errorMessageKey(this.message);
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(messageKey ? { messageKey } : {}),
        ...(this.keyed ? { messageParams: this.keyed.params } : {}),
        ...(fieldErrors ? { fieldErrors, fieldErrorKeys: fieldErrorKeysOf(fieldErrors) } : {}),
        ...(fieldErrorParams ? { fieldErrorParams } : {}),
        ...(current !== undefined ? { current } : {}),
      },
    };
  }
}

/**
 * 400 with field errors: fixed messages (keyed by their text, ERROR_MESSAGES), or messages built
 * from values given by key (`keyedMessage`), whose values go beside them as `fieldErrorParams`.
 */
export function validationFailed(fieldErrors: Record<string, readonly ErrorText[]>, message = 'Some fields are invalid'): HttpError {
  const texts: FieldErrors = {};
  let params: Record<string, (ErrorMessageParams | null)[]> | undefined;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    texts[field] = messages.map(textOf);
    if (messages.some((m) => keyedOf(m))) (params ??= {})[field] = messages.map((m) => keyedOf(m)?.params ?? null);
  }
  return new HttpError(400, ERROR_CODES.validation, message, { fieldErrors: texts, ...(params ? { fieldErrorParams: params } : {}) });
}
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'Your account is not allowed to do this') => new HttpError(403, ERROR_CODES.forbidden, message);
export const permissionDenied = (current: { scope: string; action: string; roles: readonly string[] }) =>
  new HttpError(403, ERROR_CODES.permissionDenied, `This needs one of these roles: ${current.roles.join(', ')}`, { current });
export const secondFactorRequired = (message = 'Add a second factor on your Security page before using the console') =>
  new HttpError(403, ERROR_CODES.secondFactorRequired, message);
export const stepUpRequired = (message = 'Confirm it is you: enter a code from your authenticator app') =>
  new HttpError(403, ERROR_CODES.stepUpRequired, message);
export const notFound = (message = 'Not found') => new HttpError(404, ERROR_CODES.notFound, message);
/** 409: someone else saved first. `current` is the record as it is now. */
export const conflict = (current: unknown, message: ErrorText = 'Someone else changed this record. Review their version and try again.') =>
  new HttpError(409, ERROR_CODES.conflict, message, { current });
export const tooManyRequests = (message: ErrorText, retryAfterSeconds: number) =>
  new HttpError(429, ERROR_CODES.tooManyRequests, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** A data-layer error (errors.ts) as the HTTP error the client sees. */
export function httpErrorOf(error: DomainError): HttpError {
  if (error instanceof NotFoundError) return notFound(error.message);
  if (error instanceof ConflictError) return conflict(error.current, error.keyed ?? error.message);
  if (error instanceof InvalidInputError) return validationFailed(error.fieldErrors, error.message);
  return new HttpError(500, ERROR_CODES.internal, 'Something went wrong. Try again later.');
}

/** One error shape everywhere: our HttpErrors, the data layer's errors, Fastify's own 4xx, 404s, and opaque 500s. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
    if (error instanceof HttpError) {
      if (error.details.headers) reply.headers(error.details.headers);
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Framework errors: malformed JSON, body too large, unsupported media type...
      const malformed = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      const body: ApiError = malformed
        ? { error: { code: ERROR_CODES.validation, message: 'The request body is not valid JSON' } }
        : { error: { code: BFF_EXTRA_ERROR_CODES.badRequest, message: publicMessage(status) } };
      return reply.status(status).send(body);
    }
    if (isRefusedValue(error)) {
      // The schemas should have caught it: log it so the gap gets fixed, but the client sent bad data.
      request.log.warn({ err: error }, 'database refused a value: a schema lets it through');
      return reply.status(400).send(validationFailed({ [FORM_ERROR_KEY]: ['A value is out of range or not allowed'] }).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ApiError = { error: { code: ERROR_CODES.internal, message: 'Something went wrong. Try again later.' } };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = { error: { code: ERROR_CODES.notFound, message: `No route ${request.method} ${request.url.split('?')[0]}` } };
    return reply.status(404).send(body);
  });
}

function publicMessage(status: number): string {
  switch (status) {
    case 408:
      return 'The request took too long to arrive';
    case 413:
      return 'The request body is too large';
    case 414:
      return 'A part of the URL is too long';
    case 415:
      return 'Unsupported content type: send JSON';
    case 431:
      return 'The request headers are too large';
    default:
      return 'The request could not be processed';
  }
}

/**
 * Fastify's errors from before routing, answered outside every hook and error handler (so without
 * the onSend hook's no-store): a URL it cannot decode (`/news/%zz`), a path parameter past
 * maxParamLength (414), a failing route constraint. The API's shape and no-store here too, and
 * never the path echoed back. With `clientErrorHandler`: Fastify options (http/operator.ts).
 */
export const errorShapeServerOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors: answerFrameworkError,
  clientErrorHandler: answerClientError,
};

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : publicMessage(status);
  const body: ApiError =
    status >= 500
      ? { error: { code: ERROR_CODES.internal, message: 'Something went wrong. Try again later.' } }
      : { error: { code: BFF_EXTRA_ERROR_CODES.badRequest, message } };
  request.log.info({ method: request.method, statusCode: status, code: error.code }, 'request refused by the router');
  // No onSend hook runs here: the request id is sent back by hand.
  void reply.status(status).header('x-request-id', request.id).header('cache-control', 'no-store').send(body);
}

/**
 * Requests Node's HTTP parser refuses (a malformed Content-Length or request line, headers too
 * large, a request that took too long): answered on the socket itself, as Fastify's default does,
 * but in the API's shape with no-store.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: { code: BFF_EXTRA_ERROR_CODES.badRequest, message: publicMessage(status) } } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * PostgreSQL errors that mean "this value cannot be stored" (SQLSTATE class 22: data exception,
 * e.g. out of range, bad datetime, NUL; 23502/23503/23514: not null, missing reference, check):
 * caused by the request's data, so a 400, not a 500. Unique violations stay with the features (409).
 */
function isRefusedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|23502|23503|23514)$/.test(code);
}
