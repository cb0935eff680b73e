// A remote's routes manifest (routes.json), read from its src/areas.ts (plain data: the build evaluates
// it alone, and the host reads the result at run time without executing any of the remote's code) and
// its locales (every title). Kept apart from index.cjs (no webpack) so tests can use it.
const fs = require('node:fs');
const path = require('node:path');

/** The TypeScript ts-loader itself compiles with. */
function typescript() {
  return require(require.resolve('typescript', { paths: [path.dirname(require.resolve('ts-loader'))] }));
}

const SHAPES = ['page', 'routes', 'subViews', 'editRoute'];
const AREA_NAME = /^[a-z][A-Za-z0-9]*$/;
const ADMIN_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/**
 * The default export of `<srcDir>/areas.ts`. Type-only imports are erased; any other import is refused:
 * the declaration is data, and it must stay so for the host to read it without the remote's code.
 */
function readAreasDeclaration(srcDir) {
  const file = path.join(srcDir, 'areas.ts');
  const source = fs.readFileSync(file, 'utf8');
  const ts = typescript();
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, verbatimModuleSyntax: false },
  });
  const module = { exports: {} };
  const refuse = (id) => {
    throw new Error(`${path.relative(process.cwd(), file)} imports "${id}": an areas declaration is plain data (type imports only)`);
  };
  new Function('exports', 'require', 'module', outputText)(module.exports, refuse, module);
  const declaration = module.exports.default;
  checkShape(declaration, file);
  return declaration;
}

/** The build's own check (the host validates routes.json with the contract's schema on top of it). */
function checkShape(declaration, file) {
  const where = path.relative(process.cwd(), file);
  if (!declaration || typeof declaration.remote !== 'string' || !declaration.areas || typeof declaration.areas !== 'object') {
    throw new Error(`${where}: export default { remote, areas: { <area>: { path, shape } } }`);
  }
  const entries = Object.entries(declaration.areas);
  if (entries.length === 0) throw new Error(`${where}: no area`);
  for (const [name, area] of entries) {
    if (!AREA_NAME.test(name)) throw new Error(`${where}: "${name}" is not an area name (camelCase)`);
    if (!area || !ADMIN_PATH.test(area.path ?? '') || !SHAPES.includes(area.shape)) {
      throw new Error(`${where}: ${name} needs a path under /admin and a shape (${SHAPES.join(', ')})`);
    }
    if (area.menu && !Number.isInteger(area.menu.position)) throw new Error(`${where}: ${name}'s menu needs an integer position`);
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

/** The routes of one area: its main path, then the form paths its shape adds, each titled from the locales. */
function areaRoutes(name, area, text, where) {
  const title = (key, required = true, options) => text(`${name}.${key}`, required, `${where}: ${name}`, options);
  const main = {
    path: area.path,
    name,
    title: title('title'),
    area: name,
    shape: area.shape,
    record: area.record ?? (area.shape === 'page' ? 'show' : 'edit'),
  };
  const recordName = title('recordName', false);
  if (recordName) main.recordName = recordName;
  // The host paints the page's h1 while its code loads: not where the h1 names a record (`<area>.titleOf`),
  // and without the sentence where it names one (an interpolated description).
  if (!title('titleOf', false, { interpolated: true })) {
    const description = title('description', false, { interpolated: 'skip' });
    main.heading = description ? { title: main.title, description } : { title: main.title };
  }
  if (area.menu) {
    const { position, group, label } = area.menu;
    main.menu = { label: label === 'menuLabel' ? title('menuLabel') : main.title, ...(group ? { group } : {}), position };
  }
  const form = (action, key) => ({
    path: `${area.path}/${action}`,
    name: `${name}${action[0].toUpperCase()}${action.slice(1)}`,
    title: title(key),
    area: name,
    action,
  });
  if (area.shape === 'routes') return [main, form('create', 'newTitle'), form('edit', 'editTitle')];
  if (area.shape === 'editRoute') return [main, form('edit', 'editTitle')];
  return [main];
}

/**
 * routes.json of a remote: its areas expanded into the paths they serve (a 'routes' area adds
 * x/create and x/edit, an 'editRoute' area x/edit), each titled from the locales, the redirects, the
 * sidebar groups, and the shell-contract range its build needs. `stringsDir`: the remote's package's
 * src/, whose locales count (those of `srcDir`, when it is another folder: PHOENIX_REMOTE_SRC, on top).
 */
function routesManifest(srcDir, shellContract, stringsDir = srcDir) {
  const declaration = readAreasDeclaration(srcDir);
  const where = path.relative(process.cwd(), path.join(srcDir, 'areas.ts'));
  const locales = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.assign(readStrings(stringsDir, language), srcDir === stringsDir ? {} : readStrings(srcDir, language)),
    ]),
  );
  /** A static text of the locales in both languages (a title is never interpolated), or undefined when optional and absent. */
  const text = (key, required, who, { interpolated = false } = {}) => {
    const [section, ...rest] = key.split('.');
    const values = LANGUAGES.map((language) => rest.reduce((node, k) => node?.[k], locales[language]?.[section]));
    const present = values.filter((value) => typeof value === 'string' && value);
    if (present.length === 0 && !required) return undefined;
    if (present.length !== LANGUAGES.length) throw new Error(`${who} needs ${key} in locales/en.json and ja.json`);
    if (interpolated !== true && present.some((value) => value.includes('{{'))) {
      if (interpolated === 'skip') return undefined;
      throw new Error(`${who}: ${key} is a title, so it takes no {{value}}`);
    }
    return { en: values[0], ja: values[1] };
  };
  const routes = Object.entries(declaration.areas).flatMap(([name, area]) => areaRoutes(name, area, text, where));
  for (const [from, to] of Object.entries(declaration.redirects ?? {})) {
    const target = routes.find((route) => route.path === to);
    if (!target) throw new Error(`${where}: the redirect ${from} goes to ${to}, which this remote does not serve`);
    routes.push({
      path: from,
      name: from.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c) => c.toUpperCase()),
      title: target.title,
      redirectTo: to,
    });
  }
  const [paths, names] = [new Set(), new Set()];
  for (const route of routes) {
    if (paths.has(route.path)) throw new Error(`${where}: ${route.path} is served twice`);
    if (names.has(route.name)) throw new Error(`${where}: the route name ${route.name} is used twice`);
    paths.add(route.path);
    names.add(route.name);
  }
  const groups = Object.entries(declaration.groups ?? {}).map(([key, { position }]) => ({
    key,
    label: text(`menuGroups.${key}`, true, `${where}: group ${key}`),
    position,
  }));
  return { remote: declaration.remote, ...(groups.length ? { groups } : {}), routes, shellContract };
}

module.exports = { readAreasDeclaration, routesManifest };
