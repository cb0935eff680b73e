// Loads the CommonJS builds of kysely (see support/commonJs.ts) before the feature's code needs them.
import './support/testApp';
import { doubleUpSeasonsResource, type DoubleUpSeason } from '@phoenix/contract';
import { generateSeasons } from '../src/features/doubleUpSeasons/repository';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';
import { csvLines, useSystemApp } from './support/system';

const { app, call, contract } = useSystemApp();

beforeAll(async () => {
  await generateSeasons(app.t.db, app.t.clock.now(), 104, 12);
});

itKeepsTheResourceContract(contract, doubleUpSeasonsResource, [['GET', '/double-up-seasons/1/top-participants']]);

const list = async (query: string): Promise<{ items: DoubleUpSeason[]; total: number }> =>
  (await call('GET', `/double-up-seasons?${query}`)).json();

test('two years of weekly seasons, newest first; the house result is wagered minus paid out', async () => {
  const page = await list('pageSize=200');
  expect(page.total).toBe(104);
  expect(page.items[0].startsAt > page.items[1].startsAt).toBe(true);
  for (const season of page.items) {
    expect(season.houseResult).toBe(season.totalWagered - season.paidOut);
    expect(season.participants).toBe(12);
  }
});

test('the period filter keeps the seasons overlapping the window; an inverted window is a 400', async () => {
  const all = (await list('pageSize=200')).items;
  const target = all[10];
  const page = await list(`from=${encodeURIComponent(target.startsAt)}&to=${encodeURIComponent(target.endsAt)}`);
  expect(page.items.map((s) => s.id)).toEqual([target.id]);
  const inverted = await call(
    'GET',
    `/double-up-seasons?from=${encodeURIComponent(target.endsAt)}&to=${encodeURIComponent(target.startsAt)}`,
  );
  expect(inverted.json().error.fieldErrors.to).toEqual(['"From" must be before "To"']);
});

test('sorts by house result', async () => {
  const page = await list('sort=houseResult&order=asc&pageSize=200');
  const results = page.items.map((s) => s.houseResult);
  expect([...results].sort((a, b) => a - b)).toEqual(results);
});

test('top participants: ten, best net first, adding up to no more than the season', async () => {
  const [season] = (await list('pageSize=1')).items;
  const response = await call('GET', `/double-up-seasons/${season.id}/top-participants`);
  const top = response.json().items as { rank: number; net: number; wagered: number; paidOut: number }[];
  expect(top).toHaveLength(10);
  expect(top.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect([...top].sort((a, b) => b.net - a.net)).toEqual(top);
  expect(top.every((p) => p.net === p.paidOut - p.wagered)).toBe(true);
  expect(top.reduce((sum, p) => sum + p.wagered, 0)).toBeLessThanOrEqual(season.totalWagered);
  expect((await call('GET', '/double-up-seasons/999999/top-participants')).statusCode).toBe(404);
});

test('CSV export of the current filter', async () => {
  const lines = (await csvLines(call, '/double-up-seasons/export.csv', 'double-up-seasons.csv')).filter(Boolean);
  expect(lines).toHaveLength(105);
});

test('read-only: no create or update', async () => {
  expect((await call('POST', '/double-up-seasons', { name: 'x' })).statusCode).toBe(400);
  expect((await call('PUT', '/double-up-seasons/1', { version: 1 })).statusCode).toBe(400);
});
