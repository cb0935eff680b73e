import { z } from 'zod';
import { lazy } from './lazy';

// This project's tests run in jsdom: `document` exists, so lazy() hands out its stand-in, as in the console.

test('a lazy schema is built on first use, once, and is then used exactly as the schema', () => {
  const build = jest.fn(() => z.object({ name: z.string().min(1, 'Name is required') }));
  const schema = lazy(build);
  expect(build).not.toHaveBeenCalled();

  expect(schema.safeParse({ name: 'Ada' })).toEqual({ success: true, data: { name: 'Ada' } });
  expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
  expect(Object.keys(schema.shape)).toEqual(['name']);
  expect(schema).toBeInstanceOf(z.ZodObject);
  expect('_zod' in schema).toBe(true);
  expect(build).toHaveBeenCalledTimes(1);
});

test('lazy schemas compose: a field of an object, an extension, a refinement', () => {
  const id = lazy(() => z.number().int().min(1));
  const item = lazy(() => z.object({ id, title: z.string() }));
  const versioned = lazy(() => item.extend({ version: id }).refine((v) => v.version <= 9, { message: 'Too new', path: ['version'] }));

  expect(versioned.parse({ id: 1, title: 'a', version: 2 })).toEqual({ id: 1, title: 'a', version: 2 });
  expect(versioned.safeParse({ id: 0, title: 'a', version: 2 }).success).toBe(false);
  expect(versioned.safeParse({ id: 1, title: 'a', version: 10 }).error?.issues[0]?.message).toBe('Too new');
});

test('loading the contract builds no schema: a page pays only for the schemas it reads', () => {
  jest.isolateModules(() => {
    // Every schema of the contract starts from a factory of `z` (z.object, z.string, …): count their calls.
    let built = 0;
    jest.doMock('zod', () => {
      const actual = jest.requireActual<typeof import('zod')>('zod');
      const counted = Object.fromEntries(
        Object.entries(actual.z).map(([key, value]) =>
          typeof value !== 'function' || /^[A-Z$]/.test(key) // classes, not factories
            ? [key, value]
            : [
                key,
                (...args: unknown[]) => {
                  built += 1;
                  return (value as (...a: unknown[]) => unknown)(...args);
                },
              ],
        ),
      );
      return { ...actual, z: counted };
    });
    const contract = jest.requireActual<typeof import('./index')>('./index');
    expect(built).toBe(0);

    // A list page reads its resource's filters: that builds its query schema.
    expect(contract.newsResource.filters).toEqual(['category', 'status']);
    expect(built).toBeGreaterThan(0);
  });
});
