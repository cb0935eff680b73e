// One name per concept (docs/areas.md, "Names"): an area's contract module, its BFF or points-API
// feature and its remote folder carry the same name, and its API paths start with it (kebab-case).
// The areas are read from the contract: every module of shared/contract/src that declares an
// endpoint (defineResource, defineDocument or an exported `…_PATH`). The other direction holds too:
// every feature and remote area folder names a contract module, so a folder left under an old name
// (areas/flags beside the activeFlags module) fails.
// Behind the API the same name holds: the action-log target types the servers write are an area's
// record form (its singular), the `area` of every search hit is an area's name, and every table is
// named after its area (snake_case). What differs is listed below with its reason; anything else
// that differs fails, and a listed exception that no longer applies fails too (remove it).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders that are not an area: shared helpers of a remote, or BFF plumbing with no page of its own. */
const NOT_AREAS = {
  remote: new Set(['common']),
  // liveEvents: the server-sent events every page listens to (a stream, no record, no page).
  bff: new Set(['auth', 'health', 'apiCatalogue', 'liveEvents']),
};

/** Areas whose page is the host's, not a remote's: releases (the About / versions page, host/src/about). */
const HOST_AREAS = new Set(['releases']);

/**
 * API paths start with the area's kebab-case name (the points API leaves out the `points` prefix:
 * pointsTasks is `/tasks`). These serve records that are not named after their area.
 */
const OTHER_PATHS = {
  shop: ['/shop-items'],
  pointsGames: ['/lootboxes', '/settings/spin'],
  policies: ['/game-apis'],
};

/**
 * Action-log target types that are not their area's record form. The log is append-only (no UPDATE:
 * a trigger and the serving role's grants refuse it), so a stored spelling is read for ever: the
 * action-log filter (`target=pointUser:7`), the player page's history and the `nouns.<target>`
 * locale entries would all have to understand both spellings. These two keep the old one instead;
 * they replace the record form (writing `pointAccount` beside `pointUser` fails).
 */
const OLD_TARGETS = {
  pointAccounts: 'pointUser',
  doubleUpSeasons: 'doubleupSeason',
};

/** Areas whose records are not named after the area: their target types besides the record form. */
const OTHER_TARGETS = {
  shop: ['shopItem'], // the shop sells shop items (/shop-items)
  pointsLottery: ['pointsLotteryRound'], // the lottery runs rounds
  pointsGames: ['pointsLootbox', 'pointsSpin'], // one record per game (/lootboxes, /settings/spin)
  pointsSettings: ['pointsMaintenance', 'pointsDailyCheckin', 'pointsReferral'], // one document per setting
  gameBalance: ['health', 'cooldown', 'energy'], // one document per setting (the seed's health, cooldown, energy)
  stakingChanges: ['stakingContract'], // a change is logged on the staking contract it changes (by address)
};

/** Target types of no area. */
const NOT_AREA_TARGETS = new Set([
  'export', // an export of any list (shared/server/src/http/exportAudit.ts)
]);

/**
 * Tables not named after their area (snake_case of the area name or its singular, alone or as the
 * start; the points API's `points` schema stands for its `points`/`point` prefix, so pointsTasks
 * is `points.tasks`). A rename is a new migration (`alter table … rename to …`), never an edit.
 */
const TABLE_EXCEPTIONS = {
  health_settings: 'gameBalance', // one versioned document per setting, named after it
  cooldown_settings: 'gameBalance',
  energy_settings: 'gameBalance',
  game_apis: 'policies', // the game APIs a policy restricts (/game-apis)
  staking_intents: 'stakingChanges', // a change is an intent until the chain confirms it
  'points.ledger_entries': 'pointAccounts', // the accounts' ledger: balances change only through it
  'points.lootboxes': 'pointsGames', // one table per game
  'points.spin_wheel': 'pointsGames',
  'points.maintenance': 'pointsSettings', // one versioned document per setting
  'points.daily_checkin': 'pointsSettings',
  'points.referral': 'pointsSettings',
};

/** Tables of no area: the admins' sign-in (BFF auth) and what every route or document shares. */
const NOT_AREA_TABLES = new Set([
  'sessions',
  'login_attempts',
  'sign_in_challenges',
  'webauthn_challenges',
  'document_versions',
  'request_counts',
  'export_slots',
  'dashboard_days', // the host's dashboard (not an area): battles started per day, rolled up nightly
]);

const kebab = (name) => (name[0].toLowerCase() + name.slice(1)).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const snake = (name) => kebab(name).replace(/-/g, '_');

/** An area's record form: its singular (activeFlags → activeFlag, policies → policy; news stays). */
export const recordOf = (area) =>
  /(?:ews|ss|[^s])$/.test(area) ? area : area.endsWith('ies') ? `${area.slice(0, -3)}y` : area.slice(0, -1);

/** The target types an area may write: its record form (or old spelling) and its other records. */
const targetsOf = (area) => [OLD_TARGETS[area] ?? recordOf(area), ...(OTHER_TARGETS[area] ?? [])];

/** Whether a table is named after an area: `points.tasks` for pointsTasks, `player_bans` for players. */
export function tableNamedAfter(table, { name, api }) {
  const [schema, bare] = table.includes('.') ? table.split('.') : [null, table];
  if ((schema === 'points') !== (api === 'points')) return false;
  const stem = api === 'points' ? name.replace(/^points?(?=[A-Z])/, '') : name;
  return [snake(stem), snake(recordOf(stem))].some((form) => bare === form || bare.startsWith(`${form}_`));
}

const walk = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? e.name === 'migrations' || e.name === 'node_modules'
              ? []
              : walk(`${dir}/${e.name}`)
            : /\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name)
              ? [`${dir}/${e.name}`]
              : [],
        )
    : [];
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** The area a server file belongs to: its feature folder (or file, for the points API), else null. */
const featureOf = (file) => file.match(/^(?:bff|points-api)\/src\/features\/(\w+)/)?.[1] ?? null;

/** The API paths a contract module declares: `path: '/…'` of its definitions and its `…_PATH` constants. */
export const pathsOf = (source) => [...source.matchAll(/(?:\bpath: |_PATH = )'(\/[^']*)'/g)].map((m) => m[1]);

const names = (dir, { files = false } = {}) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (files && /\.ts$/.test(e.name) && !e.name.includes('.test.')))
    .map((e) => e.name.replace(/\.ts$/, ''))
    .sort();

/** The tree as the test reads it: contract modules (with their source), features and remote area folders. */
export function readTree() {
  const contractDir = path.join(root, 'shared/contract/src');
  const contract = new Map(
    fs
      .readdirSync(contractDir)
      .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
      .map((f) => [f.replace(/\.ts$/, ''), fs.readFileSync(path.join(contractDir, f), 'utf8')]),
  );
  const remotes = names('remotes').filter((r) => fs.existsSync(path.join(root, 'remotes', r, 'src/areas')));
  return {
    contract,
    bff: names('bff/src/features'),
    points: names('points-api/src/features', { files: true }),
    remoteFolders: remotes.flatMap((r) => names(`remotes/${r}/src/areas`).map((area) => ({ remote: r, area }))),
    ...readServers(remotes),
  };
}

/**
 * What the servers write and answer: action-log target types (a definition's `target:`, a log
 * entry's `targetType:`, a bulk entry's `targets: { type: }`), search hits' `area:`, the tables of
 * the Kysely database interfaces and the tables the features' versioned specs name (`table:`).
 */
function readServers(remotes) {
  const sources = ['shared/contract/src', 'shared/server/src', 'bff/src', 'points-api/src'].flatMap(walk);
  const targets = [];
  const featureTables = [];
  for (const file of sources) {
    const text = read(file);
    const contract = file.match(/^shared\/contract\/src\/(\w+)\.ts$/)?.[1];
    for (const m of text.matchAll(/\b(?:(target)|targetType|targets: \{ type): '(\w+)'/g)) {
      // A definition's `target:` belongs to its contract module; elsewhere `target:` is no log entry.
      if (m[1] && !contract) continue;
      targets.push({ type: m[2], file, area: contract ?? featureOf(file) });
    }
    const feature = featureOf(file);
    if (feature) for (const m of text.matchAll(/\btable: '([\w.]+)'/g)) featureTables.push({ table: m[1], area: feature, file });
  }
  const searchFiles = [
    ...names('bff/src/features').map((f) => `bff/src/features/${f}/search.ts`),
    ...walk('points-api/src/features/search'),
  ].filter((f) => fs.existsSync(path.join(root, f)));
  const searchHits = searchFiles.flatMap((file) =>
    [...read(file).matchAll(/\barea: '(\w+)'/g)].map((m) => ({ area: m[1], file, feature: featureOf(file) })),
  );
  const schemaFiles = ['shared/server/src/db', 'bff/src/db', 'points-api/src/db'].flatMap(walk);
  const tables = [
    ...new Set(schemaFiles.flatMap((file) => [...read(file).matchAll(/^ {2}'?([a-z_.]+)'?: \w+Table;$/gm)].map((m) => m[1]))),
  ].sort();
  const nouns = new Set(
    remotes.flatMap((r) => localeFiles(`remotes/${r}/src`)).flatMap((file) => Object.keys(JSON.parse(read(file)).nouns ?? {})),
  );
  return { targets, searchHits, tables, featureTables, nouns };
}

/** The Japanese locale files of a remote (its own and its areas'). */
const localeFiles = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'ja.json')
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

/** A contract module that declares an endpoint is an area; `points` when it is served by the points API. */
export function areasOf(contract) {
  const areas = [];
  for (const [name, source] of contract) {
    if (NOT_AREAS.bff.has(name) || !/\bdefine(?:Resource|Document)\(|export const \w+_PATH = '\//.test(source)) continue;
    areas.push({ name, api: /\bapi: 'points'/.test(source) ? 'points' : 'bff', paths: pathsOf(source) });
  }
  return areas;
}

/** Every disagreement between the area names and the folders, as readable lines. */
export function mismatches(tree) {
  const out = [];
  const areas = areasOf(tree.contract);
  for (const { name, api, paths } of areas) {
    const segment = kebab(api === 'points' ? name.replace(/^points(?=[A-Z])/, '') : name);
    for (const p of paths) {
      if (p.split('/')[1] !== segment && !OTHER_PATHS[name]?.includes(p))
        out.push(`${name}: API path ${p} does not start with /${segment}`);
    }
    const features = api === 'points' ? tree.points : tree.bff;
    if (!features.includes(name)) out.push(`${name}: no ${api === 'points' ? 'points-api/src/features' : 'bff/src/features'}/${name}`);
    const homes = tree.remoteFolders.filter((f) => f.area === name);
    const expected = HOST_AREAS.has(name) ? 0 : 1;
    if (homes.length !== expected)
      out.push(`${name}: ${homes.length} remote folders remotes/*/src/areas/${name} (${expected === 1 ? 'one' : 'none'} expected)`);
  }
  for (const feature of tree.bff)
    if (!NOT_AREAS.bff.has(feature) && !tree.contract.has(feature)) out.push(`bff/src/features/${feature}: no contract module ${feature}`);
  for (const feature of tree.points)
    if (!tree.contract.has(feature)) out.push(`points-api/src/features/${feature}: no contract module ${feature}`);
  for (const { remote, area } of tree.remoteFolders) {
    if (!NOT_AREAS.remote.has(area) && !tree.contract.has(area))
      out.push(`remotes/${remote}/src/areas/${area}: no contract module ${area}`);
  }
  return out;
}

/**
 * Action-log target types: each is an area's record form (or a listed other record or old
 * spelling), a contract definition's `target` is its own module's, and the console has a noun for
 * it (`nouns.<target>` in a remote's ja.json).
 */
export function targetMismatches(tree) {
  const out = [];
  const areas = areasOf(tree.contract).map((a) => a.name);
  const owner = new Map(areas.flatMap((area) => targetsOf(area).map((type) => [type, area])));
  const written = new Set(tree.targets.map((t) => t.type));
  for (const { type, file, area } of tree.targets) {
    if (NOT_AREA_TARGETS.has(type)) continue;
    if (!owner.has(type)) {
      const near = areas.find((a) => recordOf(a).toLowerCase() === type.toLowerCase() || recordOf(a) === type);
      out.push(`${file}: target type ${type} is no area's record form${near ? ` (${near}: ${targetsOf(near)[0]})` : ''}`);
    } else if (file.startsWith('shared/contract/') && owner.get(type) !== area) {
      out.push(`${area}: target ${type} is ${owner.get(type)}'s record (${area} writes ${targetsOf(area).join(' or ')})`);
    }
    if (file.startsWith('shared/contract/') && !tree.nouns.has(type))
      out.push(`${area}: no nouns.${type} in remotes/*/src/**/locales/ja.json`);
  }
  for (const [area, type] of Object.entries(OLD_TARGETS)) {
    if (!written.has(type)) out.push(`${area}: old target type ${type} is listed but no longer written (readers must still know it)`);
  }
  for (const [area, types] of Object.entries(OTHER_TARGETS)) {
    for (const type of types) if (!written.has(type)) out.push(`${area}: other target type ${type} is listed but not written`);
  }
  return out;
}

/** Search hits: a provider's `area` is its area's name (a BFF provider's, its own feature's). */
export function searchMismatches(tree) {
  const out = [];
  const areas = new Set(areasOf(tree.contract).map((a) => a.name));
  for (const { area, file, feature } of tree.searchHits) {
    if (!areas.has(area)) out.push(`${file}: search area ${area} is no area's name`);
    else if (feature !== 'search' && area !== feature) out.push(`${file}: search area ${area} is not ${feature}`);
  }
  return out;
}

/** Tables: each is named after an area (or listed), and a feature's versioned spec names one of its own. */
export function tableMismatches(tree) {
  const out = [];
  // An area is a contract module with an endpoint, or a points-API feature (pointsEconomy answers
  // through the points API's own paths).
  const areas = areasOf(tree.contract);
  for (const name of tree.points) if (!areas.some((a) => a.name === name)) areas.push({ name, api: 'points' });
  const ownersOf = (table) => areas.filter((a) => tableNamedAfter(table, a)).map((a) => a.name);
  for (const table of tree.tables) {
    if (NOT_AREA_TABLES.has(table)) continue;
    const owners = ownersOf(table);
    if (TABLE_EXCEPTIONS[table]) {
      if (owners.includes(TABLE_EXCEPTIONS[table]))
        out.push(`${table}: named after ${TABLE_EXCEPTIONS[table]}, remove it from TABLE_EXCEPTIONS`);
    } else if (owners.length === 0) out.push(`${table}: named after no area`);
  }
  for (const { table, area, file } of tree.featureTables) {
    if (NOT_AREAS.bff.has(area) || NOT_AREA_TABLES.has(table)) continue;
    if (!tree.tables.includes(table)) out.push(`${file}: table ${table} is in no database interface`);
    else if (TABLE_EXCEPTIONS[table] ? TABLE_EXCEPTIONS[table] !== area : !ownersOf(table).includes(area))
      out.push(`${file}: table ${table} is not named after ${area}`);
  }
  for (const table of [...Object.keys(TABLE_EXCEPTIONS), ...NOT_AREA_TABLES]) {
    if (!tree.tables.includes(table)) out.push(`${table}: listed but in no database interface`);
  }
  return out;
}

describe('area names', () => {
  it('every area has one name across contract file, feature and remote folder', () => {
    const tree = readTree();
    const areas = areasOf(tree.contract);
    assert.ok(areas.length >= 20, `only ${areas.length} areas found in shared/contract/src`);
    assert.deepEqual(mismatches(tree), []);
    assert.deepEqual(targetMismatches(tree), []);
    assert.deepEqual(searchMismatches(tree), []);
    assert.deepEqual(tableMismatches(tree), []);
    assert.ok(
      tree.targets.length >= 40 && tree.searchHits.length >= 7 && tree.tables.length >= 50,
      'targets, search hits or tables not found',
    );
    console.log(`area names: ${areas.length} areas checked (${areas.map((a) => a.name).join(', ')})`);
  });

  it('a folder under another name than its area fails', () => {
    const tree = readTree();
    const renamed = tree.remoteFolders.map((f) => (f.area === 'activeFlags' ? { ...f, area: 'flags' } : f));
    assert.deepEqual(mismatches({ ...tree, remoteFolders: renamed }), [
      'activeFlags: 0 remote folders remotes/*/src/areas/activeFlags (one expected)',
      'remotes/system/src/areas/flags: no contract module flags',
    ]);
    const contract = new Map(tree.contract);
    contract.set('doubleUpSeasons', contract.get('doubleUpSeasons').replace("path: '/double-up-seasons'", "path: '/doubleup-seasons'"));
    assert.deepEqual(mismatches({ ...tree, contract }), [
      'doubleUpSeasons: API path /doubleup-seasons does not start with /double-up-seasons',
    ]);
    const points = tree.points.map((f) => (f === 'pointAccounts' ? 'ledger' : f));
    assert.deepEqual(mismatches({ ...tree, points }), [
      'pointAccounts: no points-api/src/features/pointAccounts',
      'points-api/src/features/ledger: no contract module ledger',
    ]);
  });
  it('a target type under another name than its area fails', () => {
    const tree = readTree();
    const flag = tree.targets.map((t) => (t.type === 'activeFlag' ? { ...t, type: 'flag' } : t));
    assert.deepEqual(targetMismatches({ ...tree, targets: flag }), [
      "shared/contract/src/activeFlags.ts: target type flag is no area's record form",
      'activeFlags: no nouns.flag in remotes/*/src/**/locales/ja.json',
    ]);
    // A second spelling beside the kept old one, and another area's record in a definition.
    const extra = [
      ...tree.targets,
      { type: 'pointAccount', file: 'points-api/src/features/pointAccounts/routes.ts', area: 'pointAccounts' },
      { type: 'news', file: 'shared/contract/src/worldMessages.ts', area: 'worldMessages' },
    ];
    assert.deepEqual(targetMismatches({ ...tree, targets: extra }), [
      "points-api/src/features/pointAccounts/routes.ts: target type pointAccount is no area's record form (pointAccounts: pointUser)",
      "worldMessages: target news is news's record (worldMessages writes worldMessage)",
    ]);
    // Renaming the old spelling going forward leaves the stored rows unread: the exception says so.
    const renamed = tree.targets.map((t) => (t.type === 'pointUser' ? { ...t, type: 'pointAccount' } : t));
    const lines = targetMismatches({ ...tree, targets: renamed });
    assert.ok(
      lines.includes('pointAccounts: old target type pointUser is listed but no longer written (readers must still know it)'),
      lines.join('\n'),
    );
  });

  it('a search hit under another name than its area fails', () => {
    const tree = readTree();
    const hits = tree.searchHits.map((h) =>
      h.area === 'pointsLottery' ? { ...h, area: 'lottery' } : h.area === 'news' ? { ...h, area: 'presents' } : h,
    );
    assert.deepEqual(searchMismatches({ ...tree, searchHits: hits }), [
      'bff/src/features/news/search.ts: search area presents is not news',
      "points-api/src/features/search/routes.ts: search area lottery is no area's name",
    ]);
  });

  it('a table under another name than its area fails', () => {
    const tree = readTree();
    const flags = (table) => (table === 'active_flags' ? 'flags' : table);
    assert.deepEqual(
      tableMismatches({
        ...tree,
        tables: tree.tables.map(flags),
        featureTables: tree.featureTables.map((t) => ({ ...t, table: flags(t.table) })),
      }),
      ['flags: named after no area', 'bff/src/features/activeFlags/routes.ts: table flags is not named after activeFlags'],
    );
    // Another area's table in a feature's spec; a listed exception renamed by a migration.
    const featureTables = [
      ...tree.featureTables,
      { table: 'news', area: 'worldMessages', file: 'bff/src/features/worldMessages/routes.ts' },
    ];
    const tables = tree.tables.map((t) => (t === 'game_apis' ? 'policy_game_apis' : t));
    assert.deepEqual(tableMismatches({ ...tree, featureTables, tables }), [
      'bff/src/features/worldMessages/routes.ts: table news is not named after worldMessages',
      'game_apis: listed but in no database interface',
    ]);
  });
});
