import { SESSION_LIFETIME_MS, STORAGE_KEY, clearSession, isLegacySession, readSession, writeSession } from './session';
import { memoryStorage } from '../auth/testing';

const NOW = 1_700_000_000_000;

function storageWith(record: unknown) {
  return memoryStorage({ [STORAGE_KEY]: typeof record === 'string' ? record : JSON.stringify(record) });
}

describe('stored session', () => {
  it('uses the seed constants', () => {
    expect(STORAGE_KEY).toBe('admin-phoenix');
    expect(SESSION_LIFETIME_MS).toBe(31556926000);
  });

  it('writes { data: { email, token }, expiry } one lifetime ahead, and reads it back', () => {
    const storage = memoryStorage();
    writeSession(storage, { email: 'a@x', token: 't1' }, NOW);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ data: { email: 'a@x', token: 't1' }, expiry: NOW + SESSION_LIFETIME_MS });
    expect(readSession(storage, NOW + 1000)).toEqual({ email: 'a@x', token: 't1' });
  });

  it('ignores and removes an expired record', () => {
    const storage = storageWith({ data: { email: 'a@x', token: 't' }, expiry: NOW - 1 });
    expect(readSession(storage, NOW)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('treats expiry equal to now as expired', () => {
    expect(readSession(storageWith({ data: { email: 'a@x', token: 't' }, expiry: NOW }), NOW)).toBeNull();
  });

  it.each([
    ['no token', { data: { email: 'a@x' }, expiry: NOW + 1000 }],
    ['no email', { data: { token: 't' }, expiry: NOW + 1000 }],
    ['empty token', { data: { email: 'a@x', token: '' }, expiry: NOW + 1000 }],
    ['numeric token', { data: { email: 'a@x', token: 42 }, expiry: NOW + 1000 }],
  ])('ignores and removes an incomplete record (%s)', (_label, record) => {
    const storage = storageWith(record);
    expect(readSession(storage, NOW)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['malformed JSON', '{"data": {'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['data not an object', { data: 'x', expiry: NOW + 1000 }],
    ['expiry not a number', { data: { email: 'a@x', token: 't' }, expiry: 'tomorrow' }],
    ['no expiry', { data: { email: 'a@x', token: 't' } }],
  ])('never crashes on %s: removes it and reads null', (_label, record) => {
    const storage = storageWith(record);
    expect(() => readSession(storage, NOW)).not.toThrow();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('reads nothing when there is no record', () => {
    expect(readSession(memoryStorage(), NOW)).toBeNull();
  });

  it('reports a legacy record (email + password) as legacy, without touching it', () => {
    const storage = storageWith({ data: { email: 'a@x', password: 'pw' }, expiry: NOW + 1000 });
    const found = readSession(storage, NOW);
    expect(isLegacySession(found)).toBe(true);
    expect(found).toEqual({ legacy: { email: 'a@x', password: 'pw' } });
  });

  it('ignores an expired legacy record and removes the password with it', () => {
    const storage = storageWith({ data: { email: 'a@x', password: 'pw' }, expiry: NOW - 1 });
    expect(readSession(storage, NOW)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('drops a password stored next to a token, keeping the session and its expiry', () => {
    const storage = storageWith({ data: { email: 'a@x', token: 't', password: 'pw' }, expiry: NOW + 1000 });
    expect(readSession(storage, NOW)).toEqual({ email: 'a@x', token: 't' });
    expect(storage.getItem(STORAGE_KEY)).not.toContain('pw');
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ data: { email: 'a@x', token: 't' }, expiry: NOW + 1000 });
  });

  it('clearSession removes the record; broken storage never throws', () => {
    const storage = storageWith({ data: { email: 'a@x', token: 't' }, expiry: NOW + 1000 });
    clearSession(storage);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSession(broken, NOW)).toBeNull();
    expect(() => writeSession(broken, { email: 'a@x', token: 't' }, NOW)).not.toThrow();
    expect(() => clearSession(broken)).not.toThrow();
  });
});
