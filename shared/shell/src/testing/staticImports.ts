import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What a module pulls in when it is evaluated: its static value imports, followed through relative paths. */
export interface StaticImportGraph {
  /** Absolute paths of the source files reached. */
  files: Set<string>;
  /** Package specifiers imported (bare or deep: `react`, `@phoenix/shell/src/boot`). */
  packages: Set<string>;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Value imports only: `import type`, `export type` and imports of types alone are erased by the build. */
function valueSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      const typesOnly =
        statement.isTypeOnly ||
        (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** The static import graph of `entry` (dynamic `import()`s are where it stops: they load later, on their own). */
export function staticImportGraph(entry: string): StaticImportGraph {
  const graph: StaticImportGraph = { files: new Set(), packages: new Set() };
  const queue = [path.resolve(entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (graph.files.has(file) || !/\.tsx?$/.test(file)) continue;
    graph.files.add(file);
    for (const specifier of valueSpecifiers(file)) {
      if (!specifier.startsWith('.')) {
        graph.packages.add(specifier);
        continue;
      }
      const resolved = resolveRelative(file, specifier);
      if (resolved) queue.push(resolved);
    }
  }
  return graph;
}
