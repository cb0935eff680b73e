// A remote's routes manifest (routes.json), read from its TypeScript declaration (src/routes.ts),
// which is plain data, so the build evaluates it alone and the host reads the result at run time
// without executing any of the remote's code. Kept apart from index.cjs (no webpack) so tests can use it.
const fs = require('node:fs');
const path = require('node:path');

/** The TypeScript ts-loader itself compiles with. */
function typescript() {
  return require(require.resolve('typescript', { paths: [path.dirname(require.resolve('ts-loader'))] }));
}

/**
 * The default export of `<srcDir>/routes.ts`. Type-only imports are erased; any other import is
 * refused: a declaration is data, and it must stay so for the host to read it without the remote's code.
 */
function readRoutesDeclaration(srcDir) {
  const file = path.join(srcDir, 'routes.ts');
  const source = fs.readFileSync(file, 'utf8');
  const ts = typescript();
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, verbatimModuleSyntax: false },
  });
  const module = { exports: {} };
  const refuse = (id) => {
    throw new Error(`${path.relative(process.cwd(), file)} imports "${id}": a routes declaration is plain data (type imports only)`);
  };
  new Function('exports', 'require', 'module', outputText)(module.exports, refuse, module);
  const declaration = module.exports.default;
  checkShape(declaration, file);
  return declaration;
}

/** The build's own check (the host validates routes.json with the contract's schema on top of it). */
function checkShape(declaration, file) {
  const where = path.relative(process.cwd(), file);
  if (!declaration || typeof declaration.remote !== 'string' || !Array.isArray(declaration.routes) || declaration.routes.length === 0) {
    throw new Error(`${where}: export default { remote, routes: [...] }`);
  }
  const seen = new Set();
  for (const route of declaration.routes) {
    if (!route || typeof route.path !== 'string' || typeof route.name !== 'string' || !route.title?.en || !route.title?.ja) {
      throw new Error(`${where}: every route has a path, a name and a title { en, ja } (${JSON.stringify(route)})`);
    }
    if (seen.has(route.path)) throw new Error(`${where}: ${route.path} is declared twice`);
    seen.add(route.path);
  }
}

/** routes.json of a remote: its declaration and the shell-contract range its build needs. */
function routesManifest(srcDir, shellContract) {
  return { ...readRoutesDeclaration(srcDir), shellContract };
}

module.exports = { readRoutesDeclaration, routesManifest };
