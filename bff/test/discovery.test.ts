// Loads the CommonJS builds of kysely & co (see support/commonJs.ts) before the features need them.
import './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moduleOfEachFolder } from '@phoenix/server';

test('every feature folder registers itself: features/<area>/routes.ts default-exports a function', () => {
  const features = moduleOfEachFolder(path.join(__dirname, '../src/features'), 'routes');
  expect(features.length).toBeGreaterThanOrEqual(11);
  for (const [area, module] of features) expect({ area, register: typeof module.default }).toEqual({ area, register: 'function' });
});

test('moduleOfEachFolder: sub-folders with the file, by name; folders without it are skipped', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-features-'));
  try {
    for (const area of ['zeta', 'alpha', 'empty']) fs.mkdirSync(path.join(dir, area));
    fs.writeFileSync(path.join(dir, 'zeta', 'routes.js'), 'exports.default = () => "zeta";\n');
    fs.writeFileSync(path.join(dir, 'alpha', 'routes.js'), 'exports.default = () => "alpha";\n');
    fs.writeFileSync(path.join(dir, 'routes.js'), 'throw new Error("not a folder");\n');
    expect(moduleOfEachFolder(dir, 'routes').map(([area, module]) => [area, (module.default as () => string)()])).toEqual([
      ['alpha', 'alpha'],
      ['zeta', 'zeta'],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no feature imports another feature (shared pieces live in db/ and http/)', () => {
  const featuresDir = path.join(__dirname, '../src/features');
  // Known, to be lifted into db/: sign-in reads the admins table, disabling an admin ends its sessions.
  const knownPending = new Set(['auth → admins', 'admins → auth']);
  const crossings: string[] = [];
  for (const area of fs.readdirSync(featuresDir)) {
    for (const file of fs.readdirSync(path.join(featuresDir, area)).filter((f) => f.endsWith('.ts'))) {
      const source = fs.readFileSync(path.join(featuresDir, area, file), 'utf8');
      for (const [, other] of source.matchAll(/from '\.\.\/([A-Za-z]+)\//g)) crossings.push(`${area} → ${other}`);
    }
  }
  expect([...new Set(crossings)].filter((crossing) => !knownPending.has(crossing))).toEqual([]);
});
