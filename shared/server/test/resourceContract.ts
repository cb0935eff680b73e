import type { AnyDocument, AnyResource } from '@phoenix/contract';
import { expectGuarded, lastLog, logCount, type Method, type ServiceTestApp } from './serverTestApp';

/**
 * The contract every admin resource and document keeps (auth, sorts, CSV, 404, 409 on a stale
 * version, history and restore), as one-line tests read from the contract's definitions.
 * Pass getters: the app and tokens are created in the test file's beforeAll.
 */
export interface ContractContext {
  t: () => ServiceTestApp;
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

/** The standard routes of a resource definition (POST / PUT unless `writable: false`, DELETE unless `remove: false`). */
export function resourceRoutes(definition: AnyResource): [Method, string][] {
  const { path } = definition;
  return [
    ['GET', path],
    ['GET', `${path}/export.csv`],
    ['GET', `${path}/1`],
    ...(definition.writable
      ? ([
          ['POST', path],
          ['PUT', `${path}/1`],
        ] as [Method, string][])
      : []),
    ...(definition.remove ? ([['DELETE', `${path}/1?version=1`]] as [Method, string][]) : []),
  ];
}

/**
 * What every resource keeps, from its definition: its routes (and `extraRoutes`) are role-2-only;
 * every declared sort is accepted both ways and any other is a 400 on `sort`; the CSV export has
 * the declared file name and header; a missing id is a 404 naming the noun, and no route DELETEs
 * a resource declared `remove: false`.
 */
export function itKeepsTheResourceContract(
  ctx: ContractContext,
  definition: AnyResource,
  extraRoutes: readonly [Method, string][] = [],
): void {
  const { path, noun } = definition;
  describe(`resource contract of ${path}`, () => {
    itRequiresAdmin(ctx, path, [...resourceRoutes(definition), ...extraRoutes]);

    test('every declared sort works both ways; any other sort is a 400 on sort', async () => {
      for (const sort of definition.sorts as readonly string[]) {
        for (const order of ['asc', 'desc']) {
          const response = await send(ctx, ['GET', `${path}?sort=${sort}&order=${order}`]);
          expect({ sort, order, status: response.statusCode }).toEqual({ sort, order, status: 200 });
        }
      }
      const unknown = await send(ctx, ['GET', `${path}?sort=notASort`]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fieldErrors.sort).toBeDefined();
    });

    test('CSV export: the declared file name and header row', async () => {
      const response = await send(ctx, ['GET', `${path}/export.csv`]);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${definition.csv.filename}"`);
      expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(definition.csv.columns.join(','));
    });

    test(`a missing id: 404 "This ${noun} does not exist"${definition.remove ? ' / "no longer exists" on DELETE' : ''}`, async () => {
      const read = await send(ctx, ['GET', `${path}/999999`]);
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toMatchObject({ code: 'not_found', message: `This ${noun} does not exist` });
      const remove = await send(ctx, ['DELETE', `${path}/999999?version=1`]);
      expect(remove.statusCode).toBe(404);
      if (definition.remove) expect(remove.json().error.message).toBe(`This ${noun} no longer exists`);
      else expect(remove.json().error.message).toMatch(/^No route DELETE/);
    });
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

type Doc = Record<string, unknown> & { version: number };

export interface DocumentContractOptions {
  /** A PUT body that changes `field` (logged as `${target}.update`), built from the current document. */
  change(current: Doc, n: number): Record<string, unknown>;
  /** The field `change` edits (its value must differ on every call). */
  field: string;
  /** A PUT body (from the current document) rejected with a 400 on `invalidField`. */
  invalid(current: Doc): Record<string, unknown>;
  invalidField: string;
}

/**
 * What every versioned document keeps, from its definition: GET/PUT with a version check (409
 * carrying `current`), 400 on fields, each save kept in the history (newest first, paged, one
 * version by number, values as GET answered them), and restore = a new version holding the old
 * value (`restoredFrom` set), logged as `${target}.restore`; 409 when stale, 404 for an unknown
 * version. Role-2-only throughout.
 */
export function itKeepsTheDocumentContract(ctx: ContractContext, definition: AnyDocument, options: DocumentContractOptions): void {
  const { path, target } = definition;
  const get = async (url = path) => (await send(ctx, ['GET', url])).json();
  const save = async (n: number): Promise<Doc> => {
    const response = await send(ctx, ['PUT', path, options.change(await get(), n)]);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  describe(`document contract of ${path}`, () => {
    itRequiresAdmin(ctx, path, [
      ['GET', path],
      ['PUT', path],
      ['GET', `${path}/history`],
      ['GET', `${path}/history/1`],
      ['POST', `${path}/history/1/restore`],
    ]);

    test(`PUT saves the next version, logged as ${target}.update with before/after`, async () => {
      const before: Doc = await get();
      const after = await save(1);
      expect(after.version).toBe(before.version + 1);
      expect(after[options.field]).toEqual(options.change(before, 1)[options.field]);
      expect(await get()).toEqual(after);
      const log = await lastLog(ctx.t(), target, 1);
      expect(log?.action).toBe(`${target}.update`);
      expect(log?.before).toMatchObject({ version: before.version });
      expect(log?.after).toMatchObject({ version: after.version });
    });

    test('PUT with a stale version → 409 with the current document, nothing saved', async () => {
      const current: Doc = await get();
      await expectStaleConflict(ctx, ['PUT', path, { ...options.change(current, 2), version: current.version - 1 }], path, current);
    });

    test(`PUT with an invalid value → 400 on ${options.invalidField}, nothing saved or logged`, async () => {
      const current: Doc = await get();
      const logs = await logCount(ctx.t());
      const response = await send(ctx, ['PUT', path, options.invalid(current)]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors[options.invalidField]).toBeDefined();
      expect(await get()).toEqual(current);
      expect(await logCount(ctx.t())).toBe(logs);
    });

    test('history: every version newest first, paged; one version by number holds the value GET answered', async () => {
      const first = await save(3);
      const second = await save(4);
      const page = await get(`${path}/history?page=1&pageSize=2`);
      expect(page.items.map((v: { version: number }) => v.version)).toEqual([second.version, first.version]);
      expect(page).toMatchObject({ page: 1, pageSize: 2, total: second.version });
      expect(page.items[0]).toEqual({
        version: second.version,
        savedAt: second.updatedAt,
        savedBy: second.updatedBy,
        restoredFrom: null,
        value: second,
      });
      const all = await get(`${path}/history?pageSize=200`);
      expect(all.items.map((v: { version: number }) => v.version)).toEqual(
        Array.from({ length: second.version }, (_, i) => second.version - i),
      );
      expect((await get(`${path}/history/${first.version}`)).value).toEqual(first);
      // Diffable: two neighbouring versions differ only in the edited field and the save stamps.
      const changed = Object.keys(second).filter((key) => JSON.stringify(second[key]) !== JSON.stringify(first[key]));
      expect(changed.sort()).toEqual([options.field, 'updatedAt', 'version'].filter((key) => changed.includes(key)).sort());
      expect(changed).toContain(options.field);
    });

    test(`restore: the old value as a NEW version (restoredFrom set), logged as ${target}.restore`, async () => {
      const old = await save(5);
      const current = await save(6);
      const response = await send(ctx, ['POST', `${path}/history/${old.version}/restore`, { version: current.version }]);
      expect(response.statusCode).toBe(200);
      const restored: Doc = response.json();
      expect(restored.version).toBe(current.version + 1);
      expect(restored[options.field]).toEqual(old[options.field]);
      expect(await get()).toEqual(restored);
      expect(await get(`${path}/history/${restored.version}`)).toMatchObject({ restoredFrom: old.version, value: restored });
      const log = await lastLog(ctx.t(), target, 1);
      expect(log?.action).toBe(`${target}.restore`);
      expect(log?.before).toMatchObject({ version: current.version });
      expect(log?.after).toMatchObject({ version: restored.version });
    });

    test('restore with a stale version → 409 with the current document; unknown version → 404; bad version → 400', async () => {
      const current: Doc = await get();
      await expectStaleConflict(ctx, ['POST', `${path}/history/1/restore`, { version: current.version - 1 }], path, current);
      const unknown = await send(ctx, ['POST', `${path}/history/999999/restore`, { version: current.version }]);
      expect(unknown.statusCode).toBe(404);
      expect((await send(ctx, ['GET', `${path}/history/999999`])).statusCode).toBe(404);
      expect((await send(ctx, ['GET', `${path}/history/abc`])).statusCode).toBe(400);
      expect((await send(ctx, ['POST', `${path}/history/1/restore`, {}])).json().error.fieldErrors.version).toBeDefined();
      expect(await get()).toEqual(current);
    });
  });
}
