import { createTestApp, signedInAdmin, type TestApp } from './support/testApp';
import { seedLocalData } from '../src/seed';

/** The present remote's local sample data: valid through the services, varied, seeded once. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seedLocalData: true });
  token = (await signedInAdmin(t)).token;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.call(token, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
};

test('presents in each status, shop items on sale and not, chests with disclosed odds, seasons back to back', async () => {
  const presents = (await get('/presents?pageSize=50')).items as { status: string }[];
  expect(new Set(presents.map((p) => p.status))).toEqual(new Set(['upcoming', 'claimable', 'ended']));

  expect((await get('/shop-items?onSale=true')).total).toBe(5);
  expect((await get('/shop-items?onSale=false')).total).toBe(3);

  const chests = (await get('/treasure-chests?pageSize=50')).items as { drops: { chance: number }[] }[];
  expect(chests).toHaveLength(3);
  for (const chest of chests) expect(chest.drops.reduce((sum, drop) => sum + drop.chance, 0)).toBeCloseTo(100, 5);

  const seasons = (await get('/seasons?pageSize=50&sort=startsAt')).items as { status: string; startsAt: string; endsAt: string }[];
  expect(seasons.map((s) => s.status)).toEqual(['ended', 'active', 'upcoming']);
  expect(seasons[0].endsAt).toBe(seasons[1].startsAt);
});

test('idempotent: seeding again adds nothing', async () => {
  await seedLocalData(t.ctx);
  expect((await get('/presents')).total).toBe(4);
  expect((await get('/shop-items')).total).toBe(8);
  expect((await get('/treasure-chests')).total).toBe(3);
  expect((await get('/seasons')).total).toBe(3);
});
