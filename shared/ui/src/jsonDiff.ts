/** A leaf of a JSON value, named by its dotted path ('reward.items[0].id'). */
export interface JsonLeaf {
  path: string;
  value: unknown;
}

export interface JsonChange {
  path: string;
  before: unknown;
  after: unknown;
}

export interface JsonDiffResult {
  added: JsonLeaf[];
  removed: JsonLeaf[];
  changed: JsonChange[];
  unchanged: JsonLeaf[];
}

/** The path of the whole value when it is not an object (a number, a string, a list of ids). */
export const ROOT_PATH = '(value)';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/**
 * Flattens a JSON value into leaves with dotted paths. A list of plain values (ids, tags) stays
 * one leaf: a diff of "[0] → [1] → …" for 1,000 ids would be unreadable.
 */
export function flattenJson(value: unknown): JsonLeaf[] {
  const out: JsonLeaf[] = [];
  const walk = (v: unknown, path: string) => {
    if (isPlainObject(v) && Object.keys(v).length > 0) {
      for (const [key, child] of Object.entries(v)) walk(child, path ? `${path}.${key}` : key);
    } else if (Array.isArray(v) && v.length > 0 && !v.every(isScalar)) {
      v.forEach((child, i) => walk(child, `${path}[${i}]`));
    } else {
      out.push({ path: path || ROOT_PATH, value: v });
    }
  };
  if (value !== null && value !== undefined) walk(value, '');
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Which leaves were added, removed, changed or kept between two JSON values (null = nothing);
 * the leaves `hidden` names are left out.
 */
export function diffJson(before: unknown, after: unknown, hidden?: (path: string) => boolean): JsonDiffResult {
  const visible = (leaf: JsonLeaf) => !hidden?.(leaf.path);
  const beforeLeaves = flattenJson(before).filter(visible);
  const afterLeaves = flattenJson(after).filter(visible);
  const afterByPath = new Map(afterLeaves.map((leaf) => [leaf.path, leaf.value]));
  const beforePaths = new Set(beforeLeaves.map((leaf) => leaf.path));
  const result: JsonDiffResult = { added: [], removed: [], changed: [], unchanged: [] };
  for (const leaf of beforeLeaves) {
    if (!afterByPath.has(leaf.path)) result.removed.push(leaf);
    else if (same(leaf.value, afterByPath.get(leaf.path))) result.unchanged.push(leaf);
    else result.changed.push({ path: leaf.path, before: leaf.value, after: afterByPath.get(leaf.path) });
  }
  for (const leaf of afterLeaves) if (!beforePaths.has(leaf.path)) result.added.push(leaf);
  return result;
}

/** Most items of a list of plain values shown in a diff cell. */
export const LIST_PREVIEW = 20;

/** A leaf as text: strings quoted (so "30" and 30 differ), long lists cut with a count. */
export function formatJsonValue(value: unknown): string {
  if (value === undefined) return '—';
  if (Array.isArray(value) && value.length > LIST_PREVIEW) {
    const head = value
      .slice(0, LIST_PREVIEW)
      .map((v) => JSON.stringify(v))
      .join(', ');
    return `[${head}, … ${value.length - LIST_PREVIEW} more] (${value.length} items)`;
  }
  return JSON.stringify(value) ?? String(value);
}
