// First (see testApp.ts): the jest mocks of @phoenix/server/testing.
import { expectGuarded, lastLog, LONG_SESSIONS, logCount, type Method } from '@phoenix/server/testing';
import { createTestApp, signedInAdmin, type TestApp } from './testApp';

// The audit helpers both services' tests use live in @phoenix/server/testing.
export { expectGuarded, lastLog, LONG_SESSIONS, logCount, type Method };

/** Helpers shared by the SYSTEM-area tests (news, maintenance, flags, world messages, players). */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** ISO datetime `offsetMs` from the test clock. */
export const at = (t: TestApp, offsetMs: number): string => new Date(t.clock.now().getTime() + offsetMs).toISOString();

export function apiFor(t: TestApp, token: () => string) {
  return (method: Method, url: string, payload?: unknown) =>
    t.call(token(), { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/**
 * One app per test file with an admin and a role-1 token, closed after the file:
 * `const { app, call, contract } = useSystemApp()`, then `app.t`, `app.token` in tests.
 */
export function useSystemApp() {
  const app = { t: undefined as unknown as TestApp, token: '', operatorToken: '' };
  beforeAll(async () => {
    app.t = await createTestApp(LONG_SESSIONS);
    app.token = (await signedInAdmin(app.t)).token;
    app.operatorToken = (await signedInAdmin(app.t, 1)).token;
  });
  afterAll(() => app.t.close());
  const call: ReturnType<typeof apiFor> = (...args) => apiFor(app.t, () => app.token)(...args);
  const contract = { t: () => app.t, token: () => app.token, operatorToken: () => app.operatorToken };
  return { app, call, contract };
}

/** The audit columns of a record created just now by the signed-in test admin. */
export const createdNow = (t: TestApp) => ({
  version: 1,
  createdAt: t.clock.now().toISOString(),
  updatedAt: t.clock.now().toISOString(),
  updatedBy: expect.stringContaining('@test.local'),
});

/** GET of a CSV export: answered as a download named `filename`; its lines (BOM dropped). */
export async function csvLines(call: ReturnType<typeof apiFor>, url: string, filename: string): Promise<string[]> {
  const response = await call('GET', url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toContain(`attachment; filename="${filename}"`);
  return response.body.replace(/^\uFEFF/, '').split('\r\n');
}

/** A refused change: 400 validation_failed, nothing logged (nothing changed); its field errors. */
export async function refusedFieldErrors(t: TestApp, call: ReturnType<typeof apiFor>, method: Method, url: string, payload: unknown) {
  const before = await logCount(t);
  const response = await call(method, url, payload);
  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('validation_failed');
  expect(await logCount(t)).toBe(before);
  return response.json().error.fieldErrors as Record<string, string[]>;
}
