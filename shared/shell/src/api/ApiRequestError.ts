import i18next from 'i18next';

/** What any failed API call throws: enough for a toast, a form and a conflict dialog. */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status, or 0 when the request never got an answer (network down, CORS, timeout). */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** On a 409: the record as it is now on the server. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get isConflict(): boolean {
    return this.status === 409;
  }
  get isValidation(): boolean {
    return this.status === 400;
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

const say = (key: string, options?: Record<string, unknown>) => i18next.t(`errors.${key}`, { ns: 'shell', ...options });

/** A sentence that says what happened and what to do, for toasts and error panels (console language). */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetwork) return say('network');
    if (error.status === 403) return say('forbidden');
    if (error.status === 404) return say('notFound', { message: error.message || say('notFoundDefault') });
    if (error.isConflict) return say('conflict');
    if (error.isValidation) return say('validation', { message: error.message || say('validationDefault') });
    if (error.status === 429) return say('rateLimited');
    if (error.status >= 500) return say('server');
    return error.message;
  }
  return error instanceof Error ? error.message : say('unknown');
}
