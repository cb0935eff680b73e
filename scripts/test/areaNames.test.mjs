// One name per concept (docs/areas.md, "Names"): an area's contract module, its BFF or points-API
// feature and its remote folder carry the same name, and its API paths start with it (kebab-case).
// The areas are read from the contract: every module of shared/contract/src that declares an
// endpoint (defineResource, defineDocument or an exported `…_PATH`). The other direction holds too:
// every feature and remote area folder names a contract module, so a folder left under an old name
// (areas/flags beside the activeFlags module) fails.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders that are not an area: shared helpers of a remote, or BFF plumbing with no page of its own. */
const NOT_AREAS = {
  remote: new Set(['common']),
  bff: new Set(['auth', 'health', 'apiCatalogue']),
};

/**
 * API paths start with the area's kebab-case name (the points API leaves out the `points` prefix:
 * pointsTasks is `/tasks`). These serve records that are not named after their area.
 */
const OTHER_PATHS = {
  shop: ['/shop-items'],
  pointsGames: ['/lootboxes', '/settings/spin'],
  policies: ['/game-apis'],
};

const kebab = (name) => (name[0].toLowerCase() + name.slice(1)).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

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
  };
}

/** A contract module that declares an endpoint is an area; `points` when it is served by the points API. */
export function areasOf(contract) {
  const areas = [];
  for (const [name, source] of contract) {
    if (!/\bdefine(?:Resource|Document)\(|export const \w+_PATH = '\//.test(source)) continue;
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
    if (homes.length !== 1) out.push(`${name}: ${homes.length} remote folders remotes/*/src/areas/${name} (one expected)`);
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

describe('area names', () => {
  it('every area has one name across contract file, feature and remote folder', () => {
    const tree = readTree();
    const areas = areasOf(tree.contract);
    assert.ok(areas.length >= 20, `only ${areas.length} areas found in shared/contract/src`);
    assert.deepEqual(mismatches(tree), []);
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
});
