import type { TestApp } from './testApp';
import { expectGuarded, type Method } from './system';

/**
 * The contract every admin resource keeps (auth, 404, 409 on a stale version), as one-line tests.
 * Pass getters: the app and tokens are created in the test file's beforeAll.
 */
export interface ContractContext {
  t: () => TestApp;
  token: () => string;
  operatorToken?: () => string;
}

/** [method, url, body?]; a body that needs the app (e.g. the test clock) can be a function. */
type Request = readonly [Method, string, unknown?];

const send = (ctx: ContractContext, [method, url, body]: Request) => {
  const payload = typeof body === 'function' ? body() : body;
  return ctx.t().call(ctx.token(), { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
};

/** Every listed route answers 401 without a token and 403 with a role-1 token. */
export function itRequiresAdmin(ctx: ContractContext, name: string, routes: readonly [Method, string][]): void {
  test(`every ${name} route: 401 without a token, 403 for a role-1 operator`, async () => {
    if (!ctx.operatorToken) throw new Error('itRequiresAdmin needs operatorToken');
    await expectGuarded(ctx.t(), ctx.operatorToken(), routes);
  });
}

/** Each request (on a missing record) answers 404 not_found. */
export function itReturns404(ctx: ContractContext, title: string, requests: readonly Request[]): void {
  test(title, async () => {
    for (const request of requests) {
      const response = await send(ctx, request);
      expect({ request: request.slice(0, 2), status: response.statusCode, code: response.json().error?.code }).toEqual({
        request: request.slice(0, 2),
        status: 404,
        code: 'not_found',
      });
    }
  });
}

/**
 * A stale write (`stale`, sent with an old version) answers 409 conflict carrying `current`, the
 * record as it is now; the record (read at `url`) is unchanged afterwards.
 */
export async function expectStaleConflict(ctx: ContractContext, stale: Request, url: string, current: unknown): Promise<void> {
  const response = await send(ctx, stale);
  expect(response.statusCode).toBe(409);
  expect(response.json().error.code).toBe('conflict');
  expect(response.json().error.current).toEqual(current);
  expect((await send(ctx, ['GET', url])).json()).toEqual(current);
}
