// Loads the CommonJS builds of kysely & co (see support/commonJs.ts) before the features need them.
import './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { moduleOfEachFolder } from '../src/modules';

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
