import fc from 'fast-check';

/** For the points API's fuzz suite, which shares these arbitraries (fast-check is the BFF's dev dependency). */
export { fc };

/**
 * fast-check arbitraries for request bodies: valid-looking ones derived from a route's JSON Schema
 * (as its OpenAPI document gives it: the contract's zod schema exported by the type provider), and junk.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** Values PostgreSQL, JSON or JavaScript are known to choke on. */
export const JUNK_VALUES: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  '',
  ' ',
  '\uD800',
  '👍'.repeat(300),
  'x'.repeat(70_000),
  '<script>alert(1)</script>',
  "'; drop table news; --",
  '%00',
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2, // past the safe integers
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  true,
  false,
  null,
  [],
  {},
  [null],
  { nested: { deeper: ['a\u0000'] } },
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2030-01-01T00:00:00+16:00',
  '2030-01-01T00:00:00-23:59',
  '9999-12-31T23:59:59-15:59',
  '2030-02-30T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '2030-01-01',
  '1e309',
  'NaN',
  '-0',
];

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...JUNK_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** A whole body that is junk: any JSON value, or an object of odd keys and junk values. */
export const junkBody: fc.Arbitrary<unknown> = fc.oneof(
  junkValue,
  fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000', '')), junkValue, { maxKeys: 6 }),
);

const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom('Z', '+09:00', '-05:30', '+15:59').map((offset) => {
      const iso = date.toISOString();
      return offset === 'Z' ? iso : iso.replace('Z', offset);
    }),
  );

function fromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return junkValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => fromJsonSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0]!, depth + 1);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => fromJsonSchema({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = fromJsonSchema(value, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, depth + 1) : junkValue, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)),
      });
    case 'string':
      if (schema.format === 'date-time') return isoDate;
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, schema.maxLength ?? s.length));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
        max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return junkValue; // unrepresentable in JSON Schema (a transform, a custom check): anything goes
  }
}

/** Bodies a client following the schema would send (they may still fail refinements or the data). */
export function validishBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fromJsonSchema(schema);
}

/** A valid-looking body with one thing wrong: a field set to junk, a field removed, or an extra key. */
export function mutatedBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(validishBody(schema), fc.nat(), junkValue, fc.constantFrom('junk', 'drop', 'extra')).map(([body, pick, junk, how]) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return junk;
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys.length ? keys[pick % keys.length]! : 'extra';
    if (how === 'drop') delete copy[key];
    else if (how === 'extra') copy[`extra_${pick % 7}`] = junk;
    else copy[key] = junk;
    return copy;
  });
}

/**
 * A JSON text sent as it is: JSON.stringify (and fast-check's printing) recurse, so a body nested
 * thousands deep travels as text. Printed in a failure report by its label.
 */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
    /** How deeply its objects and arrays nest. */
    readonly depth: number,
  ) {}
  [fc.toStringMethod](): string {
    return `RawJson(${this.label})`;
  }
}

/**
 * Bodies nested from a few levels to 10,000 deep (the input guards refuse past 64; a recursive
 * walk overflowed the stack at about 7,000): arrays, objects
 * or both in turn around a junk leaf, closed or cut off, sometimes inside a valid-looking body.
 */
export const deepBody: fc.Arbitrary<RawJson> = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 60, max: 10_000 })),
    kind: fc.constantFrom('array', 'object', 'mixed'),
    leaf: junkValue,
    closed: fc.boolean(),
    wrapped: fc.boolean(),
  })
  .map(({ depth, kind, leaf, closed, wrapped }) => {
    const opens: string[] = [];
    const closes: string[] = [];
    for (let i = 0; i < depth; i++) {
      const array = kind === 'array' || (kind === 'mixed' && i % 2 === 0);
      opens.push(array ? '[' : '{"a":');
      closes.push(array ? ']' : '}');
    }
    const nested = opens.join('') + (JSON.stringify(leaf) ?? 'null') + (closed ? closes.reverse().join('') : '');
    const text = wrapped ? `{"name":"x","version":1,"items":${nested}}` : nested;
    return new RawJson(
      text,
      `${kind} nested ${depth} deep${closed ? '' : ', cut off'}${wrapped ? ', in a field' : ''}`,
      depth + (wrapped ? 1 : 0),
    );
  });

/** The body arbitrary of a route: schema-derived when its schema is known, junk and deep nesting always. */
export function bodiesFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof({ weight: 4, arbitrary: junkBody }, { weight: 1, arbitrary: deepBody });
  return fc.oneof(
    { weight: 3, arbitrary: validishBody(schema) },
    { weight: 4, arbitrary: mutatedBody(schema) },
    { weight: 3, arbitrary: junkBody },
    { weight: 1, arbitrary: deepBody },
  );
}

/** Odd path parameters as they appear in a URL: undecodable, overlong UTF-8, a NUL, traversal, bidi, number-like. */
const ODD_PATH_PARAMS = [
  '%zz',
  '%',
  '%4',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  '1%00',
  '..%2F..%2Fetc',
  '%2F',
  '%E2%80%AE1',
  '1;x=1',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%201',
  '2147483648',
  '99999999999999999999999',
];
/** Units repeated to a long parameter; a cut may split an escape (`%4`): that is an odd encoding too. */
const LONG_PARAM_UNITS = ['1', 'x', '%41', '%C3%A9', '%F0%9F%91%8D', '%00', '-', '%zz'];

/**
 * A path parameter as it goes in the URL: mostly `1` (so the route goes on to read its body),
 * else 100–10,000 characters (past Fastify's maxParamLength of 100), an odd encoding, or
 * arbitrary text percent-encoded.
 */
export const pathParamValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('1') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(fc.integer({ min: 95, max: 130 }), fc.integer({ min: 100, max: 10_000 })), fc.constantFrom(...LONG_PARAM_UNITS))
      .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
  },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_PATH_PARAMS) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  },
);

/** Path parameter values for one request: two (no route has more). */
export const pathParamsArb = fc.array(pathParamValue, { minLength: 2, maxLength: 2 });
export const isOddParam = (params: readonly string[]) => params.some((p) => p !== '1');

/** A route's URL with each `:param` replaced by the next of `values` (`1` when they run out). */
export function withPathParams(url: string, values: readonly string[]): string {
  let next = 0;
  return url.replace(/:\w+/g, () => values[next++] ?? '1');
}

/** Query-string values: junk as text, plus the values a schema expects when one is known. */
const junkQueryText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...JUNK_VALUES.filter((v) => typeof v !== 'object')
        .map((v) => String(v))
        .map((v) => v.slice(0, 5000)),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('99999999999999999999', '-2147483649', '1.5', 'asc', 'desc', 'true', 'false', 'null', '[]', '{}'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/**
 * Key/value pairs for a query string: the schema's keys (and the usual list keys) with valid or
 * junk text, sometimes a key twice (arrives as an array), sometimes an unknown key.
 */
export function queryValuesFor(schema: JsonSchema | undefined): fc.Arbitrary<[string, string][]> {
  const properties = schema?.properties ?? {};
  const keys = [...new Set([...Object.keys(properties), 'page', 'pageSize', 'sort', 'order', 'q'])];
  const valueFor = (key: string): fc.Arbitrary<string> => {
    const property = properties[key];
    const valid = property ? fromJsonSchema(property).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) : junkQueryText;
    return fc.oneof(valid, junkQueryText);
  };
  const pair = fc.constantFrom(...keys).chain((key) => valueFor(key).map((value): [string, string] => [key, value]));
  const unknown = fc.tuple(fc.string({ maxLength: 10 }), junkQueryText);
  return fc.array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: unknown }), { minLength: 1, maxLength: 5 });
}
