import { createTestApp, type TestApp } from './support/testApp';

// Count every password verification (argon2 verify is what a wrong guess costs the attacker).
jest.mock('@node-rs/argon2', () => {
  const real = jest.requireActual('@node-rs/argon2');
  return { ...real, verify: jest.fn(real.verify) };
});
const argon2Verify = (jest.requireMock('@node-rs/argon2') as { verify: jest.Mock }).verify;

const LIMIT = 5;
const PER_CLIENT = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { maxFailures: LIMIT, windowMinutes: 15, maxFailuresPerClient: PER_CLIENT } });
});
afterAll(() => t.close());
beforeEach(() => argon2Verify.mockClear());

let nextClient = 1;
/** A fresh client address per test, so tests do not share the per-client counter. */
const newClient = () => `198.51.100.${nextClient++}`;

const login = (email: string, password: string, client: string) =>
  t.app.inject({ method: 'POST', url: '/users/login', payload: { email, password }, remoteAddress: client });

describe('login throttle', () => {
  test('50 concurrent wrong passwords on one account: at most the limit are checked; the admin still signs in from elsewhere', async () => {
    const account = await t.createAccount({});
    const attacker = newClient();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(account.email, `guess-${i}`, attacker)));

    const statuses = responses.map((r) => r.statusCode);
    expect(argon2Verify.mock.calls.length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LIMIT);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The attacker's address is locked out of this account, even with the right password...
    expect((await login(account.email, account.password, attacker)).statusCode).toBe(429);
    // ...but the admin, from another address, signs in.
    expect((await login(account.email, account.password, newClient())).statusCode).toBe(200);
  });

  test('the lock ends when the window has passed', async () => {
    const account = await t.createAccount({});
    const client = newClient();
    for (let i = 0; i < LIMIT; i++) expect((await login(account.email, 'wrong', client)).statusCode).toBe(401);
    expect((await login(account.email, account.password, client)).statusCode).toBe(429);
    t.clock.advanceMinutes(15);
    expect((await login(account.email, account.password, client)).statusCode).toBe(200);
  });

  test('per client: spraying one password across many emails stops at the per-client limit', async () => {
    const sprayer = newClient();
    const victim = await t.createAccount({});
    for (let i = 0; i < PER_CLIENT; i++) {
      expect((await login(`user${i}@spray.test`, 'Summer2030!', sprayer)).statusCode).toBe(401);
    }
    argon2Verify.mockClear();
    expect((await login('another@spray.test', 'Summer2030!', sprayer)).statusCode).toBe(429);
    expect((await login(victim.email, victim.password, sprayer)).statusCode).toBe(429);
    expect(argon2Verify).not.toHaveBeenCalled();
    // Other addresses are not affected.
    expect((await login(victim.email, victim.password, newClient())).statusCode).toBe(200);
  });

  test('a successful sign-in resets the account count and gives the client its attempt back', async () => {
    const account = await t.createAccount({});
    const client = newClient();
    for (let i = 0; i < LIMIT - 1; i++) await login(account.email, 'wrong', client);
    expect((await login(account.email, account.password, client)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await login(account.email, 'wrong', client)).statusCode).toBe(401);
    expect((await login(account.email, 'wrong', client)).statusCode).toBe(429);
  });

  test('unknown emails: same reply, same work (one verification), throttled the same way', async () => {
    const account = await t.createAccount({});
    const client = newClient();
    const wrongPassword = await login(account.email, 'wrong', client);
    expect(argon2Verify).toHaveBeenCalledTimes(1);
    const unknownEmail = await login('ghost@test.local', 'wrong', client);
    expect(argon2Verify).toHaveBeenCalledTimes(2);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    for (let i = 1; i < LIMIT; i++) expect((await login('ghost@test.local', 'x', client)).statusCode).toBe(401);
    expect((await login('ghost@test.local', 'x', client)).statusCode).toBe(429);
  });

  test('invalid bodies are refused before anything is counted', async () => {
    const client = newClient();
    for (let i = 0; i < PER_CLIENT + 5; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/users/login', payload: { email: 'x' }, remoteAddress: client });
      expect(response.statusCode).toBe(400);
    }
    const account = await t.createAccount({});
    expect((await login(account.email, account.password, client)).statusCode).toBe(200);
  });
});
