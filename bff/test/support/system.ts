import type { AppOptions } from '../../src/app';
import { createTestApp, signedInAdmin, type TestApp } from './testApp';

/** These tests move the clock by hours and days: keep sessions alive meanwhile. */
export const LONG_SESSIONS: Partial<AppOptions> = { tokenTtlMinutes: 60 * 24 * 365, tokenIdleMinutes: 60 * 24 * 365 };

/** Helpers shared by the SYSTEM-area tests (news, maintenance, flags, world messages, players). */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** ISO datetime `offsetMs` from the test clock. */
export const at = (t: TestApp, offsetMs: number): string => new Date(t.clock.now().getTime() + offsetMs).toISOString();

export function apiFor(t: TestApp, token: () => string) {
  return (method: Method, url: string, payload?: unknown) =>
    t.call(token(), { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The newest action-log row of a target, read straight from the table. */
export async function lastLog(t: TestApp, targetType: string, targetId: string | number) {
  return t.db
    .selectFrom('action_logs')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function logCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('action_logs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every listed route answers 401 without a token and 403 with a role-1 token. */
export async function expectGuarded(t: TestApp, operatorToken: string, routes: readonly [Method, string][]) {
  for (const [method, url] of routes) {
    const anonymous = await t.call(null, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect({ route: `${method} ${url}`, status: anonymous.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
    const operator = await t.call(operatorToken, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect({ route: `${method} ${url}`, status: operator.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
  }
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
