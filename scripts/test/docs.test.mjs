// The documentation against the tree: every repository path named in backticks in README.md,
// CONTRIBUTING.md and docs/**/*.md exists (tracked by git), and every relative markdown link (and its
// #anchor) resolves. `<area>`, `<Area>` and `<remote>` stand for one real area (news in system);
// another placeholder (`<version>`, `NNNN`, `*`) must match at least one tracked path. docs/brief/ is the specification, not ours: skipped.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Top-level folders and files a backticked path may start with. */
const TOP = /^(?:host|remotes|shared|bff|points-api|contracts|bench|docker|docs|e2e|environments|scripts|\.ci)\//;
const ROOT_FILES =
  /^(?:README\.md|CONTRIBUTING\.md|package\.json|pnpm-workspace\.yaml|docker-compose\.yml|eslint\.config\.mjs|tsconfig[\w.]*\.json|jest\.config\.cjs)$/;
/** Made by a build, a run or a release, never committed. */
const GENERATED = /(?:^|\/)(?:dist|\.data|artifacts|node_modules)(?:\/|$)|^remotes\/[^/]+\/routes\.json$/;

/** The files git knows (tracked or new, not ignored); outside a git checkout, the tree without what git ignores here. */
function listFiles(cwd) {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    const out = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(path.join(cwd, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${e.name}` : e.name;
        if (e.name === '.git' || GENERATED.test(rel)) continue;
        if (e.isDirectory()) walk(rel);
        else out.push(rel);
      }
    };
    walk('');
    return out;
  }
}

export function trackedPaths(cwd = root) {
  const files = listFiles(cwd).filter((f) => f && fs.existsSync(path.join(cwd, f)));
  const all = new Set(files);
  for (const f of files) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) all.add(d);
  return all;
}

export function markdownFiles(cwd = root) {
  const out = ['README.md', 'CONTRIBUTING.md'].filter((f) => fs.existsSync(path.join(cwd, f)));
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(cwd, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory() && rel !== 'docs/brief') walk(rel);
      else if (e.isFile() && e.name.endsWith('.md')) out.push(rel);
    }
  };
  if (fs.existsSync(path.join(cwd, 'docs'))) walk('docs');
  return out;
}

/** The text outside fenced code blocks (samples there are code, not claims about the tree). */
const prose = (text) => text.replace(/^([ \t]*)```[\s\S]*?^\1```/gm, '');

/** `a/{b,c}/d` → a/b/d, a/c/d (one brace group, as the docs write them). */
const expand = (p) => {
  const m = /\{([^{}]+)\}/.exec(p);
  return m ? m[1].split(',').flatMap((alt) => expand(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length))) : [p];
};

/** The repository paths named in backticks: every word of an inline code span that starts like one. */
export function namedPaths(text) {
  const paths = [];
  for (const [, code] of prose(text).matchAll(/`([^`\n]+)`/g)) {
    for (let word of code.split(/\s+/)) {
      word = word.replace(/^[("'=]+/, '').replace(/[,;:'"]+$/, '');
      while (word.endsWith(')') && word.split('(').length < word.split(')').length) word = word.slice(0, -1);
      if (!(TOP.test(word) || ROOT_FILES.test(word)) || word.includes('://')) continue;
      paths.push(...expand(word.replace(/[?#].*$/, '')));
    }
  }
  return paths;
}

/** The walkthrough's placeholders name one real area: a pattern must hold for it, not just for some area. */
export const REFERENCE_AREA = { '<area>': 'news', '<Area>': 'News', '<remote>': 'system', '<name>': 'system', '<env>': 'local' };
const substitute = (p) => p.replace(/<[^>]+>/g, (ph) => REFERENCE_AREA[ph] ?? ph);

/** A path with placeholders (`<area>`, `NNNN`, `*`, an optional `(x)`) as a pattern over tracked paths. */
const escape = (s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /<[^>]+>|NNNN|\*|\([^)]*\)/;
const toPattern = (p) =>
  new RegExp(
    `^${p
      .replace(/\/$/, '')
      .split(/(<[^>]+>|NNNN|\*|\([^)]*\))/)
      .map((part) =>
        part === 'NNNN'
          ? '\\d{4}'
          : /^<.+>$|^\*$/.test(part)
            ? '[^/]+?'
            : /^\(.*\)$/.test(part)
              ? `(?:${escape(part.slice(1, -1))})?`
              : escape(part),
      )
      .join('')}$`,
  );

export function missingPaths(text, tracked) {
  return namedPaths(text).filter((p) => {
    const bare = substitute(p.replace(/\/$/, ''));
    if (GENERATED.test(bare)) return false;
    if (PLACEHOLDER.test(bare)) {
      const pattern = toPattern(bare);
      return ![...tracked].some((t) => pattern.test(t));
    }
    return !tracked.has(bare);
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[`*_]/g, '')
      .replace(/[^\p{L}\p{N}\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Relative links that do not resolve: a missing file or folder, or a missing #anchor in a markdown file. */
export function brokenLinks(file, text, cwd = root) {
  const broken = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [ref, anchor] = target.split('#');
    const resolved = ref ? path.join(cwd, path.dirname(file), decodeURIComponent(ref)) : path.join(cwd, file);
    if (!fs.existsSync(resolved)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${target} (no such heading)`);
    }
  }
  return broken;
}

describe('documentation', () => {
  const tracked = trackedPaths();
  const files = markdownFiles();

  it('covers the README, CONTRIBUTING and docs/', () => {
    assert.ok(files.includes('README.md') && files.includes('CONTRIBUTING.md'), files.join(', '));
    assert.ok(
      files.some((f) => f.startsWith('docs/adr/')),
      'no decision record under docs/adr/',
    );
  });

  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    it(`${file}: every repository path it names exists`, () => {
      assert.deepEqual(missingPaths(text, tracked), []);
    });
    it(`${file}: every relative link resolves`, () => {
      assert.deepEqual(brokenLinks(file, text), []);
    });
  }

  it("the README's folder table names every top-level folder", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const rows = readme.split('\n').filter((l) => /^\|\s*`[^`]+\/?`\s*\|/.test(l));
    const named = new Set(rows.map((l) => /`([^`/]+)/.exec(l)[1]));
    const folders = [...new Set([...tracked].map((t) => t.split('/')[0]))].filter(
      (f) => !f.startsWith('.') && fs.statSync(path.join(root, f)).isDirectory(),
    );
    assert.deepEqual(
      folders.filter((f) => !named.has(f)),
      [],
    );
  });

  it('the checks catch a wrong path, a placeholder no area matches and a broken link', () => {
    const text = [
      '`bff/src/features/news/routes.ts` `bff/src/features/<area>/routes.ts` `remotes/<remote>/src/areas.ts`',
      '`bff/src/features/newz/routes.ts` `shared/contract/src/<area>.tsx` `node bench/no-such-bench.mjs`',
      '`remotes/<remote>/src/areas/<area>/<Area>Preview.tsx` `remotes/<remote>/src/areas/<area>/<Area>Wizard.tsx`',
    ].join('\n');
    assert.deepEqual(missingPaths(text, tracked), [
      'bff/src/features/newz/routes.ts',
      'shared/contract/src/<area>.tsx',
      'bench/no-such-bench.mjs',
      'remotes/<remote>/src/areas/<area>/<Area>Wizard.tsx',
    ]);
    assert.deepEqual(brokenLinks('README.md', '[a](docs/nope.md) [b](docs/releasing.md#no-such-part) [c](docs/releasing.md)'), [
      'docs/nope.md (no such file)',
      'docs/releasing.md#no-such-part (no such heading)',
    ]);
  });
});
