import { z } from 'zod';
import * as contract from '@phoenix/contract';

/**
 * The names the OpenAPI documents give the contract's schemas: every `<name>Schema` the contract
 * exports is the component `<Name>` (newsItemSchema → NewsItem, apiErrorSchema → ApiError), so a
 * schema used by several routes (or inside another schema) is one `$ref`, named once, where it is
 * declared. A zod registry of its own, not zod's global one: naming a schema here changes nothing
 * for any other `z.toJSONSchema` call.
 *
 * On a server the contract's `lazy()` schemas are built when their module loads (lazy.ts), so each
 * export is the very object the routes use: zod's JSON Schema conversion tells them by identity.
 */
export const schemaNames = z.registry<{ id: string }>();

const taken = new Set<string>();

/** Names `schema` `id` unless it has a name already (the first export wins) or the name is taken. */
export function nameSchema(schema: z.ZodType, id: string): void {
  if (schemaNames.has(schema) || taken.has(id)) return;
  taken.add(id);
  schemaNames.add(schema, { id });
}

/** The component name of `schema`, when it has one. */
export const schemaNameOf = (schema: z.ZodType): string | undefined => schemaNames.get(schema)?.id;

for (const [exported, value] of Object.entries(contract).sort(([a], [b]) => a.localeCompare(b))) {
  if (!exported.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
  const name = exported.slice(0, -'Schema'.length);
  // `<Name>Input` is the name zod's conversion gives a schema's request form: a contract schema so named is `<Name>Body`.
  nameSchema(value, (name.charAt(0).toUpperCase() + name.slice(1)).replace(/Input$/, 'Body'));
}

/**
 * A schema built from a named one (a page of NewsItem, a version of Maintenance): named after it
 * (`NewsItemPage`), built once per item so every route that answers it shares the component.
 */
export function derivedSchema<T extends z.ZodType, R extends z.ZodType>(
  cache: WeakMap<z.ZodType, R>,
  suffix: string,
  item: T,
  build: (item: T) => R,
): R {
  const cached = cache.get(item);
  if (cached) return cached;
  const built = build(item);
  cache.set(item, built);
  const base = schemaNameOf(item);
  if (base) nameSchema(built, `${base}${suffix}`);
  return built;
}
