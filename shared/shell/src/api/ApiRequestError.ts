/**
 * What any failed API call throws: enough for a toast, a form and a conflict dialog. No imports: the
 * host's lean sign-in page uses it without i18next (the sentence for users is ./describeError).
 */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status, or 0 when the request never got an answer (network down, CORS, timeout). */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** On a 409: the record as it is now on the server. */
    readonly current?: unknown,
    /** The message's key in the contract's catalogue, and the values of a reason built from values. */
    readonly keyed?: { key: string; params: Record<string, string | number> },
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
