// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseSink, shipActionLog, startActionLogShipper } from '@phoenix/server/db';

/**
 * The action log shipped off the box (ACTION_LOG_SINK): the service's chain, in order, as JSON
 * lines; a sink that refuses keeps the cursor where it was (nothing lost, nothing skipped); two
 * shippers at once ship each row once.
 */
let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) await signedInAdmin(t); // sign-ins write log rows
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-sink-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const chainRows = () =>
  t.db.selectFrom('action_logs').select(['id', 'chain_seq', 'hash']).where('chain', '=', 'bff').orderBy('chain_seq').execute();
const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { chain: string; seq: number; hash: string; previousHash: string; action: string });

test('ACTION_LOG_SINK takes a file:/// path or an http(s):// URL, nothing else', () => {
  expect(parseSink('file:///var/log/phoenix/actions.jsonl')).toEqual({ kind: 'file', path: '/var/log/phoenix/actions.jsonl' });
  expect(parseSink('https://logs.example.com/ingest')).toEqual({ kind: 'http', url: 'https://logs.example.com/ingest' });
  for (const bad of ['actions.jsonl', 'file:relative.jsonl', 'ftp://x/y', 'javascript:alert(1)']) expect(parseSink(bad)).toBeNull();
});

test('a file sink gets the whole chain in order, each line linked to the one before, and only new rows next time', async () => {
  const file = path.join(folder, 'actions.jsonl');
  const sink = `file://${file}`;
  const shipper = startActionLogShipper({ db: t.db, chain: 'bff', sink, intervalMs: 60_000, onError: () => undefined });
  try {
    await shipper.drain();
    const rows = await chainRows();
    let lines = linesOf(fs.readFileSync(file, 'utf8'));
    expect(lines.map((l) => l.seq)).toEqual(rows.map((r) => Number(r.chain_seq)));
    expect(lines.map((l) => l.hash)).toEqual(rows.map((r) => r.hash));
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.previousHash).toBe(lines[i - 1]!.hash);

    await signedInAdmin(t); // more rows
    await shipper.drain();
    lines = linesOf(fs.readFileSync(file, 'utf8'));
    expect(lines.map((l) => l.seq)).toEqual((await chainRows()).map((r) => Number(r.chain_seq))); // no repeat, no gap
  } finally {
    await shipper.stop();
  }
});

test('an HTTP sink that refuses keeps every row for later; two shippers at once ship each row once', async () => {
  const received: string[] = [];
  let refusing = true;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (refusing) return void response.writeHead(503).end();
      received.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sink = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`;
  const target = parseSink(sink)!;
  try {
    await expect(shipActionLog(t.db, 'bff', target, sink)).rejects.toThrow(/503/);
    refusing = false;
    await Promise.all([shipActionLog(t.db, 'bff', target, sink), shipActionLog(t.db, 'bff', target, sink)]);
    for (;;) if ((await shipActionLog(t.db, 'bff', target, sink)) === 0) break;
    const seqs = linesOf(received.join('')).map((l) => l.seq);
    expect(seqs).toEqual((await chainRows()).map((r) => Number(r.chain_seq)));
  } finally {
    server.close();
  }
});
