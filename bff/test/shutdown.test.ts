import { createTestApp, type TestApp } from './support/testApp';
import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loggerOptions, shutDown } from '@phoenix/server/http';

/**
 * The shutdown main.ts runs on SIGTERM/SIGINT: stop accepting, let in-flight requests finish (up
 * to a bound, then cut and log them), stop the jobs, close the database, exit.
 */

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: pino(loggerOptions('info'), stream) }; // as main.ts's processLogger
}

/** A POST whose body arrives in two parts: the request is in flight between them. */
function slowPost(port: number, path: string, body: string) {
  const request = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string; requestId: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode!, body: text, requestId: String(response.headers['x-request-id']) }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { answer, finish: () => request.end(body.slice(10)) };
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
}

test('an in-flight request completes during the shutdown, a new connection is refused, then jobs stop and the database closes', async () => {
  const t = await createTestApp();
  const account = await t.createAccount({});
  const port = await listening(t);
  const { lines, log } = capturedLogger();
  const exits: number[] = [];

  const inFlight = slowPost(port, '/users/login', JSON.stringify({ email: account.email, password: account.password }));
  await until(() => t.app.inFlight.size === 1, 'the request to be in flight');
  const done = shutDown(t.app, 'SIGTERM', { log, exit: (code) => exits.push(code), drainMs: 20_000, boundMs: 30_000 });

  await until(() => !t.app.server.listening, 'the server to stop listening');
  expect(await refused(port)).toBe('ECONNREFUSED');
  expect(exits).toEqual([]); // still draining
  expect(t.app.inFlight.size).toBe(1);
  inFlight.finish();
  const answer = await inFlight.answer;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).token).toEqual(expect.any(String));
  await done;

  expect(exits).toEqual([0]);
  expect(lines.map((l) => l.msg)).toEqual(['shutting down', 'shut down']);
  expect(lines[0]).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
  // The database is closed: the app's own onClose ran (jobs, then database).
  await expect(t.db.selectFrom('admins').select('id').execute()).rejects.toThrow();
  await t.close(); // closed already; drops the PostgreSQL test schema
});

test('past the drain bound the requests still running are cut and logged by id; the shutdown goes on', async () => {
  const t = await createTestApp();
  const port = await listening(t);
  const { lines, log } = capturedLogger();
  const exits: number[] = [];

  const stuck = slowPost(port, '/users/login', JSON.stringify({ email: 'nobody@test.local', password: 'never finished' }));
  const cut = stuck.answer.then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );
  await until(() => t.app.inFlight.size === 1, 'the request to be in flight');
  const [requestId] = [...t.app.inFlight.keys()];
  const started = Date.now();
  await shutDown(t.app, 'SIGTERM', { log, exit: (code) => exits.push(code), drainMs: 300, boundMs: 30_000 });

  expect(Date.now() - started).toBeLessThan(20_000);
  expect(await cut).toBe('ECONNRESET');
  expect(exits).toEqual([0]);
  const warning = lines.find((l) => l.msg === 'drain bound reached: cutting the requests still running') as {
    cut: { requestId: string; url: string }[];
  };
  expect(warning.cut).toEqual([expect.objectContaining({ requestId, method: 'POST', url: '/users/login' })]);
  await t.close();
});

test('past the overall bound it exits with 1, naming the stage', async () => {
  const t = await createTestApp();
  await listening(t);
  const { lines, log } = capturedLogger();
  const exits: number[] = [];
  // A step before the close that never ends stands for any stage that hangs.
  await Promise.race([
    shutDown(t.app, 'SIGTERM', { log, exit: (code) => exits.push(code), before: () => new Promise(() => {}), boundMs: 200 }),
    new Promise((resolve) => setTimeout(resolve, 1_000)),
  ]);
  expect(exits).toEqual([1]);
  expect(lines.at(-1)).toMatchObject({ level: 'error', msg: 'shutdown bound reached: exiting with work cut', stage: 'draining requests' });
  await t.close();
});
