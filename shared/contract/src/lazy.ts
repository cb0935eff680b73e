/**
 * A schema built on first use rather than when its module evaluates.
 *
 * Building a zod schema is not free (each `.min()`, `.extend()` or `.refine()` constructs a new
 * schema object), and the contract declares a few hundred of them. Built eagerly, every console
 * page paid for every area's schemas when the shared contract loaded (docs/performance.md, ninth
 * pass: 220–305 ms of a cold page's main thread at 4× CPU). Wrapped in `lazy`, a list page builds
 * only the schemas it reads.
 *
 * The value is a stand-in (a Proxy) that builds the schema the first time anything reads it and
 * forwards every read after that, so it is used exactly as the schema itself: `.parse`, `.shape`,
 * `.extend`, `instanceof`, a field of `z.object`, `z.infer<typeof x>`.
 */
export function lazy<T extends object>(build: () => T): T {
  // A server registers every route, so builds every schema at start anyway; and zod's JSON Schema
  // conversion (its OpenAPI document) tells a schema by identity, which a stand-in would break.
  if (typeof document === 'undefined') return build();
  let built: T | undefined;
  const target = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported configurable: a proxy may not claim a non-configurable property its own (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
