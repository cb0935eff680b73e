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

/** A sentence that says what happened and what to do, for toasts and error panels. */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetwork) return 'The server could not be reached. Check your connection and try again.';
    if (error.status === 403) return 'Your account is not allowed to do this.';
    if (error.status === 404) return `${error.message || 'Not found'}. It may have been deleted: reload the list.`;
    if (error.isConflict) return 'Someone else changed this record in the meantime. Reload their version or keep yours.';
    if (error.isValidation) return `${error.message || 'Some fields are invalid'}: correct the highlighted fields and save again.`;
    if (error.status === 429) return 'Too many attempts. Wait a minute and try again.';
    if (error.status >= 500) return 'The server failed to handle this request. Try again; if it persists, report it.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}
