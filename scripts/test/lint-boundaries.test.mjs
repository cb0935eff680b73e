// The import boundaries of eslint.config.mjs, proven on in-memory snippets: each one lints a line of
// code as if it were a file at `filePath`, importing a file that exists in the tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'import-x/no-cycle']);

/** The boundary errors ESLint reports for `code` placed at `filePath` (relative to the root). */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, filePath) });
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${filePath} did not parse`);
  return result.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId));
}

async function expectBlocked(filePath, code) {
  const errors = await boundaryErrors(filePath, code);
  assert.ok(errors.length > 0, `expected a boundary error for \`${code}\` in ${filePath}`);
  assert.ok(errors.every((m) => m.severity === 2));
}

async function expectAllowed(filePath, code) {
  assert.deepEqual(await boundaryErrors(filePath, code), [], `\`${code}\` in ${filePath} should be allowed`);
}

/** A source file of `dir` (so that the import resolves; the rule skips what does not resolve). */
function sourceFileIn(dir) {
  const file = fs
    .readdirSync(path.join(root, dir))
    .sort()
    .find((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));
  assert.ok(file, `no source file in ${dir}`);
  return file.replace(/\.tsx?$/, '');
}

const features = fs
  .readdirSync(path.join(root, 'bff/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const [feature, otherFeature] = features;
const otherFeatureFile = `${otherFeature}/${sourceFileIn(`bff/src/features/${otherFeature}`)}`;
const ownFeatureFile = sourceFileIn(`bff/src/features/${feature}`);
const dbFile = sourceFileIn('bff/src/db');

describe('a remote never imports another remote', () => {
  it('by relative path', () => expectBlocked('remotes/system/src/probe.ts', "import '../../points/package.json';"));
  it('by package name, and a deep import of it', async () => {
    await expectBlocked('remotes/system/src/probe.ts', "import { x } from '@phoenix/remote-points';");
    await expectBlocked('remotes/system/src/areas/probe.tsx', "export { x } from '@phoenix/remote-battle/src/pages';");
  });
  it('but imports itself and the shared packages', async () => {
    await expectAllowed('remotes/system/src/areas/probe.ts', "import '../../package.json';");
    await expectAllowed('remotes/system/src/probe.ts', "import { x } from '@phoenix/ui';\nimport { y } from '@phoenix/shell';");
  });
});

describe('shared packages never import the host nor a remote', () => {
  it('the host, by relative path and by name', async () => {
    await expectBlocked('shared/ui/src/probe.ts', "import '../../../host/package.json';");
    await expectBlocked('shared/shell/src/probe.tsx', "import { x } from '@phoenix/host';");
  });
  it('a remote, by relative path and by name', async () => {
    await expectBlocked('shared/contract/src/probe.ts', "import '../../../remotes/system/package.json';");
    await expectBlocked('shared/ui/src/probe.ts', "import { x } from '@phoenix/remote-system/pages';");
  });
  it('but import one another', () =>
    expectAllowed('shared/shell/src/probe.ts', "import '../../contract/package.json';\nimport { x } from '@phoenix/contract';"));
});

describe('the host never imports a remote (Module Federation loads them)', () => {
  it('by relative path and by name', async () => {
    await expectBlocked('host/src/probe.tsx', "import '../../remotes/system/package.json';");
    await expectBlocked('host/src/federation/probe.ts', "import { x } from '@phoenix/remote-system';");
  });
  it('but imports the shared packages', () => expectAllowed('host/src/probe.tsx', "import { x } from '@phoenix/shell';"));
});

describe('a BFF feature never imports another feature', () => {
  it(`${feature} importing ${otherFeatureFile}`, () =>
    expectBlocked(`bff/src/features/${feature}/probe.ts`, `import { x } from '../${otherFeatureFile}';`));
  it('but imports its own files, bff/src/db and the server package', () =>
    expectAllowed(
      `bff/src/features/${feature}/probe.ts`,
      `import { x } from './${ownFeatureFile}';\nimport { y } from '../../db/${dbFile}';\nimport { z } from '@phoenix/server/http';`,
    ));
});

describe('bff/src/db never imports a feature', () => {
  it('db', () => expectBlocked('bff/src/db/probe.ts', `import { x } from '../features/${otherFeatureFile}';`));
  it('but the app that wires features together may', () =>
    expectAllowed('bff/src/probe.ts', `import { x } from './features/${otherFeatureFile}';`));
});

describe('the server package (shared/server) is for the BFF and the points API only', () => {
  it('the points API never imports the BFF, by relative path or by name', async () => {
    await expectBlocked('points-api/src/probe.ts', "import { x } from '../../bff/src/db/schema';");
    await expectBlocked('points-api/test/probe.ts', "import { x } from '@phoenix/bff/src/app';");
  });
  it('shared/server never imports a service', async () => {
    await expectBlocked('shared/server/src/probe.ts', "import { x } from '../../../bff/src/db/schema';");
    await expectBlocked('shared/server/src/http/probe.ts', "import { x } from '@phoenix/points-api/src/app';");
  });
  it('the host, a remote and the front-end packages never import it', async () => {
    await expectBlocked('host/src/probe.ts', "import { x } from '@phoenix/server';");
    await expectBlocked('remotes/system/src/probe.ts', "import { x } from '@phoenix/server/http';");
    await expectBlocked('shared/shell/src/probe.ts', "import '../../server/package.json';");
  });
  it('but both services do', async () => {
    await expectAllowed('bff/src/probe.ts', "import { x } from '@phoenix/server';\nimport { y } from '@phoenix/server/db';");
    await expectAllowed('points-api/src/probe.ts', "import { x } from '@phoenix/server/http';");
  });
});

describe('inside the server package, db/ sits below http/ and change requests are a feature of their own', () => {
  it('db/ never imports http/', async () => {
    await expectBlocked('shared/server/src/db/probe.ts', "import { x } from '../http/errors';");
    await expectBlocked('shared/server/src/db/probe.ts', "import { x } from '../http';");
  });
  it('db/ and http/ never import changeRequests/', async () => {
    await expectBlocked('shared/server/src/db/probe.ts', "import { x } from '../changeRequests/store';");
    await expectBlocked('shared/server/src/http/probe.ts', "import { x } from '../changeRequests';");
  });
  it('but http/ imports db/, changeRequests/ imports both, and both import the modules below them', async () => {
    await expectAllowed('shared/server/src/http/probe.ts', "import { x } from '../db/mutate';\nimport { y } from '../errors';");
    await expectAllowed(
      'shared/server/src/changeRequests/probe.ts',
      "import { x } from '../db/mutate';\nimport { y } from '../http/errors';\nimport { z } from './store';",
    );
    await expectAllowed('shared/server/src/db/probe.ts', "import { x } from '../requestId';\nimport { y } from '../errors';");
  });
});

describe('no import cycle on the server side (import-x/no-cycle)', () => {
  it('discoverFeatures.ts importing app.ts, which imports it', async () => {
    const errors = await boundaryErrors('bff/src/discoverFeatures.ts', "import { buildApp } from './app';\nexport const x = buildApp;");
    assert.ok(
      errors.some((m) => m.ruleId === 'import-x/no-cycle' && m.severity === 2),
      'no-cycle did not report the cycle',
    );
  });
});

/** Whether import-x/no-cycle reports `code` placed at `filePath`, as an error. */
async function reportsCycle(filePath, code) {
  const errors = await boundaryErrors(filePath, code);
  return errors.some((m) => m.ruleId === 'import-x/no-cycle' && m.severity === 2);
}

describe('no import cycle in the front end (import-x/no-cycle)', () => {
  // routeTable.ts renders RemotePageLoading (its HydrateFallback), which reads the route's heading
  // from the route's handle (useMatches) rather than importing the table back.
  it('in the host: RemotePageLoading.tsx importing routeTable.ts, which imports it', async () => {
    const code = "import { adminRouteFor } from '../routes/routeTable';\nexport const x = adminRouteFor;";
    assert.ok(await reportsCycle('host/src/federation/RemotePageLoading.tsx', code), 'no-cycle did not report the cycle');
  });
  it('in a remote: an area importing pages.ts, which imports it', async () => {
    const code = "import * as pages from '../../pages';\nexport const x = pages;";
    assert.ok(await reportsCycle('remotes/system/src/areas/actionLogs/list.ts', code), 'no-cycle did not report the cycle');
  });
  it('across the front-end packages: @phoenix/contract importing @phoenix/ui, which imports it', async () => {
    const code = "import { Panel } from '../../ui/src/layout';\nexport const x = Panel;";
    assert.ok(await reportsCycle('shared/contract/src/wallet.ts', code), 'no-cycle did not report the cycle');
  });
  it('but the host as it is has none', async () => {
    const file = 'host/src/federation/RemotePageLoading.tsx';
    const code = fs.readFileSync(path.join(root, file), 'utf8').trimEnd();
    assert.equal(await reportsCycle(file, code), false);
  });
});

describe('the front end is linted for hooks and accessibility', () => {
  it('reports a conditional hook and an image without alt text', async () => {
    const code =
      'import { useState } from \'react\';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return <img src="x" />;\n}';
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, 'remotes/system/src/Probe.tsx') });
    assert.deepEqual(result.messages.map((m) => m.ruleId).sort(), ['jsx-a11y/alt-text', 'react-hooks/rules-of-hooks']);
  });
});
