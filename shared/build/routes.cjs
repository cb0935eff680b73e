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

const LANGUAGES = ['en', 'ja'];

/** A remote's strings in a language: src/locales/<language>.json, and those an area keeps beside its pages (src/areas/<area>/locales), merged as the remote registers them. */
function readStrings(srcDir, language) {
  const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  const areasDir = path.join(srcDir, 'areas');
  const areas = fs.existsSync(areasDir) ? fs.readdirSync(areasDir).sort() : [];
  return Object.assign(
    read(path.join(srcDir, 'locales', `${language}.json`)),
    ...areas.map((area) => read(path.join(areasDir, area, 'locales', `${language}.json`))),
  );
}

/**
 * The heading of a route that declares its `area`: `<area>.title` and `<area>.description` from the
 * remote's locales (src/locales/<language>.json), the strings its list page renders. A title missing
 * in a language, or a description in only one, fails the build.
 */
function headingOf(srcDir, route, locales) {
  const texts = (key) => LANGUAGES.map((language) => locales[language]?.[route.area]?.[key]);
  const [title, description] = [texts('title'), texts('description')];
  const where = `${path.relative(process.cwd(), path.join(srcDir, 'routes.ts'))}: ${route.path}'s area ${route.area}`;
  if (!title.every((text) => typeof text === 'string' && text))
    throw new Error(`${where} needs ${route.area}.title in locales/en.json and ja.json`);
  const described = description.filter((text) => typeof text === 'string' && text).length;
  if (described === 1) throw new Error(`${where} has ${route.area}.description in one language only`);
  const pair = ([en, ja]) => ({ en, ja });
  return described ? { title: pair(title), description: pair(description) } : { title: pair(title) };
}

/**
 * routes.json of a remote: its declaration, each area route's heading, and the shell-contract range its
 * build needs. `stringsDir`: where the remote's locales are, its package's src/ (the declaration may be
 * read from another folder: PHOENIX_REMOTE_SRC).
 */
function routesManifest(srcDir, shellContract, stringsDir = srcDir) {
  const declaration = readRoutesDeclaration(srcDir);
  let locales;
  const readLocales = () => (locales ??= Object.fromEntries(LANGUAGES.map((language) => [language, readStrings(stringsDir, language)])));
  const routes = declaration.routes.map((route) => (route.area ? { ...route, heading: headingOf(srcDir, route, readLocales()) } : route));
  return { ...declaration, routes, shellContract };
}

module.exports = { readRoutesDeclaration, routesManifest };
