// Loads the CommonJS builds of kysely (see support/commonJs.ts) before migrate.ts needs them.
import './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadMigrations } from '../src/db/migrate';

test('one file per migration: the shipped names, in order (a renamed file would re-run on existing databases)', () => {
  const names = Object.keys(loadMigrations());
  expect(names.slice(0, 6)).toEqual([
    '0001_initial',
    '0002_players',
    '0003_news',
    '0004_maintenance',
    '0005_active_flags',
    '0006_world_messages',
  ]);
  expect([...names].sort()).toEqual(names);
  for (const name of names) expect(name).toMatch(/^\d{4}_[A-Za-z0-9_]+$/);
});

test('a new file is all it takes; compiled .js files load too; other files are ignored', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-migrations-'));
  try {
    fs.writeFileSync(path.join(dir, '0002_second.js'), 'exports.up = async () => {};\n');
    fs.writeFileSync(path.join(dir, '0001_first.js'), 'exports.up = async () => {}; exports.down = async () => {};\n');
    fs.writeFileSync(path.join(dir, '0001_first.d.ts'), 'export {};\n');
    fs.writeFileSync(path.join(dir, 'README.md'), 'not a migration\n');
    fs.writeFileSync(path.join(dir, 'helpers.js'), 'throw new Error("must not be loaded");\n');
    const migrations = loadMigrations(dir);
    expect(Object.keys(migrations)).toEqual(['0001_first', '0002_second']);
    expect(typeof migrations['0001_first'].down).toBe('function');

    fs.writeFileSync(path.join(dir, '0003_broken.js'), 'exports.down = async () => {};\n');
    expect(() => loadMigrations(dir)).toThrow('Migration 0003_broken does not export an up(db) function');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
