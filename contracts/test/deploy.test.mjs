// contracts/scripts/deploy.mjs, as docker-compose's chain-deploy service runs it: onto a running
// anvil, at the address compose gives the console and the BFFs; a second run deploys nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { createPublicClient, http } from 'viem';
import { FRESH_STAKING_ADDRESS, localChain, startAnvil } from '../scripts/local.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const script = fileURLToPath(new URL('../scripts/deploy.mjs', import.meta.url));
let anvil;
before(async () => {
  anvil = await startAnvil({ port: await freePort() });
});
after(() => anvil?.stop());

const deploy = (rpcUrl) => spawnSync(process.execPath, [script, '--rpc-url', rpcUrl], { encoding: 'utf8', timeout: 90_000 });

test('deploys the staking contract at the fixed address on a fresh chain, then finds it there', async () => {
  const first = deploy(anvil.rpcUrl);
  assert.equal(first.status, 0, first.stderr);
  const result = JSON.parse(first.stdout);
  assert.equal(result.deployed, true);
  assert.equal(result.staking.toLowerCase(), FRESH_STAKING_ADDRESS.toLowerCase());
  const client = createPublicClient({ chain: localChain(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
  assert.notEqual(await client.getCode({ address: FRESH_STAKING_ADDRESS }), undefined);

  const again = deploy(anvil.rpcUrl);
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(JSON.parse(again.stdout), { rpcUrl: anvil.rpcUrl, staking: FRESH_STAKING_ADDRESS, deployed: false });
});

test('the address docker-compose.yml gives the console and the BFFs is where it lands', () => {
  const compose = fs.readFileSync(path.join(path.dirname(script), '../../docker-compose.yml'), 'utf8');
  const named = [...compose.matchAll(/0x[0-9a-fA-F]{40}/g)].map((m) => m[0]);
  assert.ok(named.length >= 2, 'docker-compose.yml names no contract address');
  for (const address of named) assert.equal(address, FRESH_STAKING_ADDRESS);
});
