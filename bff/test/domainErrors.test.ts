// First: its jest.mock calls make kysely, PGlite and Fastify loadable here.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { adminsResource } from '@phoenix/contract';
import { ConflictError, InvalidInputError, NotFoundError } from '@phoenix/server';
import { HttpError } from '@phoenix/server/http';
import { admins } from '../src/features/admins/repository';
import { maintenance } from '../src/features/maintenance/repository';

/**
 * The versioned resources and documents (@phoenix/server/db) say what went wrong in domain terms;
 * only the http layer turns that into a status and the API's error shape.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rejection = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

test('a missing record is a NotFoundError, never an HttpError', async () => {
  const error = await rejection(admins.get(t.db, 999_999, t.clock.now()));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).not.toBeInstanceOf(HttpError);
  expect((error as Error).message).toBe(`This ${adminsResource.noun} does not exist`);
});

test('a stale version is a ConflictError carrying the record as it is now', async () => {
  const current = await maintenance.get(t.db);
  const stale = { ...current, version: current.version + 1 } as never;
  const error = await rejection(t.db.transaction().execute((trx) => maintenance.save(trx, stale, 'test', t.clock.now())));
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).not.toBeInstanceOf(HttpError);
  expect((error as ConflictError).current).toEqual(current);
});

test('a page past the cap is an InvalidInputError on `page`', async () => {
  const query = { page: 100_000, pageSize: 100, order: 'asc' } as never;
  const error = await rejection(admins.list(t.db, query, undefined, t.clock.now()));
  expect(error).toBeInstanceOf(InvalidInputError);
  expect(Object.keys((error as InvalidInputError).fieldErrors)).toEqual(['page']);
});

test('the http layer answers each in the API shape: 404, 409 with current, 400 with field errors', async () => {
  const { token } = await signedInAdmin(t);
  const missing = await t.call(token, { method: 'GET', url: '/admins/999999' });
  expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
  const current = (await t.call(token, { method: 'GET', url: '/maintenance' })).json();
  const stale = await t.call(token, { method: 'PUT', url: '/maintenance', payload: { ...current, version: current.version + 1 } });
  expect([stale.statusCode, stale.json().error.code, stale.json().error.current]).toEqual([409, 'conflict', current]);
  const deep = await t.call(token, { method: 'GET', url: '/admins?page=100000&pageSize=100' });
  expect([deep.statusCode, Object.keys(deep.json().error.fieldErrors)]).toEqual([400, ['page']]);
});
