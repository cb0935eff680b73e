// Every script of the production builds starts with V8's compile hint (shared/build: compileHintPlugin),
// in the served compressed copies too, and its source map still points at the right source line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { REMOTES } from '../../scripts/lib/console.mjs';
import { repoRoot as root } from '../../scripts/lib/pnpm.mjs';

const { COMPILE_HINT } = createRequire(import.meta.url)('../../shared/build/index.cjs');
const { SourceMapConsumer } = createRequire(path.join(root, 'package.json'))('source-map');
const dists = ['host/dist', ...REMOTES.map((r) => `remotes/${r}/dist`)];

const scriptsOf = (dist) =>
  fs
    .readdirSync(path.join(root, dist))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(root, dist, f));

describe('compile hint', () => {
  it('is the first line of every script, compressed copies included', () => {
    let count = 0;
    for (const dist of dists)
      for (const file of scriptsOf(dist)) {
        const text = fs.readFileSync(file, 'utf8');
        assert.equal(text.split('\n', 1)[0], COMPILE_HINT, path.relative(root, file));
        for (const [ext, decode] of [
          ['.br', zlib.brotliDecompressSync],
          ['.gz', zlib.gunzipSync],
        ])
          if (fs.existsSync(file + ext))
            assert.equal(decode(fs.readFileSync(file + ext)).toString('utf8'), text, path.relative(root, file + ext));
        count += 1;
      }
    assert.ok(count > 20, `${count} scripts`);
  });

  it('leaves the source maps exact (the session key in the host entry maps to session.ts)', async () => {
    const file = scriptsOf('host/dist').find((f) => /\/main\.[0-9a-f]+\.js$/.test(f));
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('"admin-phoenix"'));
    assert.ok(line > 0, 'the hint is line 1, the code after it');
    const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
    const position = await SourceMapConsumer.with(map, null, (consumer) =>
      consumer.originalPositionFor({ line: line + 1, column: lines[line].indexOf('"admin-phoenix"') }),
    );
    assert.match(position.source, /shared\/shell\/src\/session\/session\.ts$/);
    const source = fs.readFileSync(path.join(root, 'shared/shell/src/session/session.ts'), 'utf8').split('\n');
    assert.match(source[position.line - 1], /admin-phoenix/);
  });
});
