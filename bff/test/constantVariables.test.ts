import { signedInTestApp } from './support/testApp';
import { constantVariablesResource, type ConstantVariable } from '@phoenix/contract';
import { expectStaleConflict, itKeepsTheResourceContract } from '@phoenix/server/testing';

const app = signedInTestApp();
const { api, contract } = app;

itKeepsTheResourceContract(contract, constantVariablesResource);

async function create(input: Partial<{ key: string; type: string; value: string; description: string }>): Promise<ConstantVariable> {
  const response = await api('POST', '/constant-variables', { type: 'string', value: 'x', description: '', ...input });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('create and read', () => {
  test('POST → 201 with the record in API shape; GET /:id returns it', async () => {
    const created = await create({ key: 'battle.maxTurns', type: 'number', value: '30', description: 'Max turns' });
    expect(created).toEqual({
      id: expect.any(Number),
      key: 'battle.maxTurns',
      type: 'number',
      value: '30',
      description: 'Max turns',
      version: 1,
      createdAt: app.t.clock.now().toISOString(),
      updatedAt: app.t.clock.now().toISOString(),
      updatedBy: expect.stringContaining('@test.local'),
    });
    const read = await api('GET', `/constant-variables/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  test('GET of a missing id → 404; a non-numeric id → 400', async () => {
    const missing = await api('GET', '/constant-variables/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await api('GET', '/constant-variables/abc')).statusCode).toBe(400);
  });

  test('description defaults to an empty string', async () => {
    const response = await api('POST', '/constant-variables', { key: 'noDescription', type: 'string', value: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json().description).toBe('');
  });
});

describe('validation', () => {
  const fieldErrorsOf = async (payload: unknown) => {
    const response = await api('POST', '/constant-variables', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toBe('Some fields are invalid');
    return body.error.fieldErrors as Record<string, string[]>;
  };

  test('a bad key', async () => {
    expect((await fieldErrorsOf({ key: '9lives', type: 'string', value: 'x' })).key).toEqual([
      'Key starts with a letter and holds letters, digits, _ . -',
    ]);
    expect((await fieldErrorsOf({ key: '', type: 'string', value: 'x' })).key).toContain('Key is required');
  });

  test('a value that does not match its type', async () => {
    expect((await fieldErrorsOf({ key: 'n', type: 'number', value: 'thirty' })).value).toEqual(['Enter a number']);
    expect((await fieldErrorsOf({ key: 'b', type: 'boolean', value: 'yes' })).value).toEqual(['Enter true or false']);
    expect((await fieldErrorsOf({ key: 'j', type: 'json', value: '{"a":' })).value).toEqual(['Enter valid JSON']);
  });

  test('an unknown type and missing fields', async () => {
    const errors = await fieldErrorsOf({ key: 'x', type: 'date' });
    expect(errors.type).toEqual(['Pick a type']);
    expect(errors.value).toBeDefined();
  });

  test('a body that is not an object', async () => {
    const errors = await fieldErrorsOf([1, 2]);
    expect(errors._form).toBeDefined();
  });

  test('a duplicate key → 400 with fieldErrors.key', async () => {
    await create({ key: 'dup.key' });
    expect((await fieldErrorsOf({ key: 'dup.key', type: 'string', value: 'y' })).key).toEqual(['This key already exists']);
  });

  test('renaming onto an existing key → 400 with fieldErrors.key', async () => {
    await create({ key: 'rename.target' });
    const other = await create({ key: 'rename.source' });
    const response = await api('PUT', `/constant-variables/${other.id}`, { ...other, key: 'rename.target' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.key).toEqual(['This key already exists']);
  });
});

describe('optimistic concurrency', () => {
  test('PUT with the current version saves and bumps the version', async () => {
    const created = await create({ key: 'shop.enabled', type: 'boolean', value: 'true' });
    app.t.clock.advanceMinutes(1);
    const response = await api('PUT', `/constant-variables/${created.id}`, {
      key: 'shop.enabled',
      type: 'boolean',
      value: 'false',
      description: 'Shop open',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ value: 'false', description: 'Shop open', version: 2, createdAt: created.createdAt });
    expect(saved.updatedAt).toBe(app.t.clock.now().toISOString());
  });

  test('a stale PUT → 409 with the current record, and nothing is overwritten', async () => {
    const created = await create({ key: 'season.name', value: 'Ember Season' });
    const first = await api('PUT', `/constant-variables/${created.id}`, { ...created, value: 'Frost Season', version: 1 });
    expect(first.statusCode).toBe(200);
    const url = `/constant-variables/${created.id}`;
    await expectStaleConflict(contract, ['PUT', url, { ...created, value: 'Storm Season', version: 1 }], url, first.json());
    expect((await api('GET', url)).json().value).toBe('Frost Season');
  });

  test('PUT without a version → 400; PUT of a missing record → 404', async () => {
    const created = await create({ key: 'no.version' });
    const { version: _version, ...withoutVersion } = created;
    const missingVersion = await api('PUT', `/constant-variables/${created.id}`, withoutVersion);
    expect(missingVersion.statusCode).toBe(400);
    expect(missingVersion.json().error.fieldErrors.version).toBeDefined();
    expect((await api('PUT', '/constant-variables/999999', created)).statusCode).toBe(404);
  });

  test('DELETE with a stale version → 409 with current; with the right version → deleted; again → 404', async () => {
    const created = await create({ key: 'to.delete' });
    const updated = (await api('PUT', `/constant-variables/${created.id}`, { ...created, value: 'y' })).json();
    const stale = await api('DELETE', `/constant-variables/${created.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(updated);
    expect((await api('DELETE', `/constant-variables/${created.id}`)).statusCode).toBe(400); // version required
    const ok = await api('DELETE', `/constant-variables/${created.id}?version=2`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await api('GET', `/constant-variables/${created.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/constant-variables/${created.id}?version=2`)).statusCode).toBe(404);
  });
});

describe('list, search, sort and export', () => {
  beforeAll(async () => {
    await create({ key: 'list.alpha', value: '1', description: 'Zeta description' });
    await create({ key: 'list.beta', value: '2', description: 'has NEEDLE inside' });
    await create({ key: 'list.gamma', value: '3', description: 'Alpha description' });
  });

  test('q searches key and description, case-insensitively; total counts all matches', async () => {
    const byKey = (await api('GET', '/constant-variables?q=LIST.&pageSize=2')).json();
    expect(byKey.total).toBe(3);
    expect(byKey.items).toHaveLength(2);
    expect(byKey.page).toBe(1);
    expect(byKey.pageSize).toBe(2);
    const byDescription = (await api('GET', '/constant-variables?q=needle')).json();
    expect(byDescription.items.map((i: ConstantVariable) => i.key)).toEqual(['list.beta']);
    const wildcard = (await api('GET', '/constant-variables?q=%25')).json(); // a literal %
    expect(wildcard.total).toBe(0);
  });

  test('sort and order; page 2', async () => {
    const desc = (await api('GET', '/constant-variables?q=list.&sort=description&order=desc')).json();
    expect(desc.items.map((i: ConstantVariable) => i.key)).toEqual(['list.alpha', 'list.beta', 'list.gamma']);
    const page2 = (await api('GET', '/constant-variables?q=list.&sort=key&pageSize=2&page=2')).json();
    expect(page2.items.map((i: ConstantVariable) => i.key)).toEqual(['list.gamma']);
  });

  test('an unknown sort or a bad page size → 400', async () => {
    const badSort = await api('GET', '/constant-variables?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.fieldErrors.sort).toBeDefined();
    expect((await api('GET', '/constant-variables?pageSize=1000')).statusCode).toBe(400);
  });

  test('CSV export: all matching rows, quoted, formula cells neutralised', async () => {
    await create({ key: 'csv.formula', value: '=HYPERLINK("http://evil","x")', description: 'a, "quoted"\nmultiline' });
    await create({ key: 'csv.plus', value: '+1', description: '@mention' });
    await create({ key: 'csv.minus', type: 'number', value: '-5', description: 'plain' });
    const response = await api('GET', '/constant-variables/export.csv?q=csv.&sort=key');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="constant-variables.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,key,type,value,description,version,updatedAt,updatedBy');
    expect(lines).toHaveLength(1 + 3 + 1); // header, 3 rows (the embedded \n is not a row break), trailing ''
    expect(response.body).toContain(`,csv.formula,string,"'=HYPERLINK(""http://evil"",""x"")","a, ""quoted""\nmultiline",1,`);
    // Plain numbers are data, not formulas: left as they are.
    expect(response.body).toContain(",csv.plus,string,+1,'@mention,1,");
    expect(response.body).toContain(',csv.minus,number,-5,plain,1,');
  });

  test('export needs the admin token too', async () => {
    expect((await app.t.call(null, { method: 'GET', url: '/constant-variables/export.csv' })).statusCode).toBe(401);
  });
});
