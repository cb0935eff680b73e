import fs from 'node:fs';
import path from 'node:path';

/**
 * The label convention, held against every remote's code and strings: each field label an area's
 * pages ask for (a column without a header, an enum filter, a `t('<area>.fields.<name>')`) exists
 * in the remote's English and Japanese locales, and both languages label the same fields.
 */
const REMOTES = path.resolve(__dirname, '../../../../remotes');
type Strings = Record<string, unknown>;

const read = (file: string) => fs.readFileSync(file, 'utf8');
const lookup = (strings: Strings, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Strings)[part] : undefined), strings);

/** The remote's strings per language: locales/*.json, merged with an area's own locales (lottery). */
function localesOf(src: string): Record<'en' | 'ja', Strings> {
  const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((file) => /(^|\/)locales\/(en|ja)\.json$/.test(file));
  const merged = { en: {} as Strings, ja: {} as Strings };
  for (const file of files) {
    const language = path.basename(file, '.json') as 'en' | 'ja';
    Object.assign(merged[language], JSON.parse(read(path.join(src, file))));
  }
  return merged;
}

/** pages.ts: `news: areaPage({ … list: () => import('./areas/news/NewsListPage'), form: … })` or `spin: () => import(…)` → file → area name. */
function areaFiles(src: string): Map<string, string> {
  const files = new Map<string, string>();
  const entries = read(path.join(src, 'pages.ts')).matchAll(
    /^ {2}(\w+): (?:areaPage\(\{([\s\S]*?)\n {2}\}\)|(\(\) => import\('[^']+'\)))/gm,
  );
  for (const [, name, spec, loader] of entries) {
    for (const loaded of (spec ?? loader).matchAll(/import\('\.\/([^']+)'\)/g)) files.set(path.join(src, `${loaded[1]}.tsx`), name);
  }
  return files;
}

/** The field labels a page asks for by convention. */
function askedFields(source: string, area: string): string[] {
  const asked = new Set<string>();
  // A column without a header: `{ key: 'title', field?: 'period', … }` up to its closing brace.
  for (const column of source.matchAll(/\{\s*key: '(\w+)',?(?:\s*field: '(\w+)',?)?([^{}]*?(?:\{[^{}]*\}[^{}]*?)*)\}/g)) {
    if (!/\bheader:/.test(column[3]) && column[1] !== 'actions') asked.add(column[2] ?? column[1]);
  }
  for (const filters of source.matchAll(/<EnumFilters[\s\S]*?\/>/g)) {
    for (const filter of filters[0].matchAll(/\[\s*'(\w+)',\s*[A-Z_[]/g)) asked.add(filter[1]);
  }
  for (const literal of source.matchAll(new RegExp(`'${area}\\.fields\\.(\\w+)'`, 'g'))) asked.add(literal[1]);
  for (const labelled of source.matchAll(/form\.labelled\('(\w+)'\)/g)) asked.add(labelled[1]);
  return [...asked];
}

const fieldKeys = (strings: Strings) =>
  Object.entries(strings).flatMap(([area, node]) =>
    node && typeof node === 'object' && 'fields' in node
      ? Object.keys((node as { fields: Strings }).fields).map((f) => `${area}.fields.${f}`)
      : [],
  );

const remotes = fs.readdirSync(REMOTES).filter((name) => fs.existsSync(path.join(REMOTES, name, 'src/pages.ts')));

describe.each(remotes)('the %s remote: field labels by convention', (remote) => {
  const src = path.join(REMOTES, remote, 'src');
  const locales = localesOf(src);
  const files = areaFiles(src);

  it('declares its areas in pages.ts', () => {
    expect(files.size).toBeGreaterThan(0);
  });

  it('has every field label its pages ask for, in English and Japanese', () => {
    const missing = [...files].flatMap(([file, area]) =>
      askedFields(read(file), area).flatMap((field) =>
        (['en', 'ja'] as const)
          .filter((language) => typeof lookup(locales[language], `${area}.fields.${field}`) !== 'string')
          .map((language) => `${language}: ${area}.fields.${field} (${path.relative(src, file)})`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('labels the same fields in both languages', () => {
    expect(fieldKeys(locales.ja).sort()).toEqual(fieldKeys(locales.en).sort());
  });
});
