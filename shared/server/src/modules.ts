import fs from 'node:fs';
import path from 'node:path';

/**
 * Finds modules by file name instead of a hand-kept list, so that a new migration or feature is a
 * new file and no central file changes. Loaded with `require`: the BFF runs as CommonJS under tsx,
 * under jest (swc) and as compiled JS, and `require` (unlike import()) also goes through jest's
 * module registry and mocks.
 */
const SOURCE = /\.(ts|js|cjs)$/;
const DECLARATION = /\.d\.[cm]?ts$/;

/** `<dir>/<name>.ts|.js` as a module, or null when there is no such file. */
function requireIfPresent(dir: string, name: string): Record<string, unknown> | null {
  for (const extension of ['.ts', '.js', '.cjs']) {
    const file = path.join(dir, name + extension);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- modules found at run time, loaded synchronously
    if (fs.existsSync(file)) return require(file) as Record<string, unknown>;
  }
  return null;
}

/** Every module of a folder whose base name matches `pattern`, by name (sorted): [name, module]. */
export function modulesIn(dir: string, pattern: RegExp): [string, Record<string, unknown>][] {
  const names = new Set(
    fs
      .readdirSync(dir)
      .filter((file) => SOURCE.test(file) && !DECLARATION.test(file))
      .map((file) => file.replace(SOURCE, ''))
      .filter((name) => pattern.test(name)),
  );
  return [...names].sort().map((name) => [name, requireIfPresent(dir, name)!]);
}

/** `<dir>/<sub>/<file>` of every sub-folder that has one, by folder name: [folder, module]. */
export function moduleOfEachFolder(dir: string, file: string): [string, Record<string, unknown>][] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((folder) => {
      const loaded = requireIfPresent(path.join(dir, folder), file);
      return loaded ? [[folder, loaded] as [string, Record<string, unknown>]] : [];
    });
}
