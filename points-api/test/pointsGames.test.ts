import { lootboxCreateSchema, lootboxesResource, spinWheelDocument } from '@phoenix/contract';
import { itKeepsTheResourceContract, type ContractContext, type ServiceTestApp } from '@phoenix/server/testing';
import { createPointsTestApp, logsOf, type PointsTestApp } from './support/pointsTestApp';

let t: PointsTestApp;
beforeAll(async () => {
  t = await createPointsTestApp();
});
afterAll(() => t.close());

/** The BFF's resource-contract checks, sent to the points API instead. */
const pointsAsTestApp = () =>
  ({
    call: (token: string | null, options: Parameters<ServiceTestApp['call']>[1]) =>
      t.points.inject({ ...options, headers: { ...options.headers, ...(token ? { token } : {}) } }),
  }) as unknown as ServiceTestApp;
const contract: ContractContext = { t: pointsAsTestApp, token: () => t.token, operatorToken: () => t.operatorToken };
itKeepsTheResourceContract(contract, lootboxesResource);

const reward = (probability: number, amount = 100) => ({ kind: 'points', itemId: null, amount, probability });
const box = { name: 'Bronze box', price: 500, rewards: [reward(7000), { kind: 'item', itemId: 1, amount: 3, probability: 3000 }] };

describe('lootbox probabilities add up to exactly 100.00%', () => {
  test('the contract: 99.99% and 100.01% are field errors on rewards that say by how much; 100.00% passes', () => {
    const under = lootboxCreateSchema.safeParse({ ...box, rewards: [reward(6999), box.rewards[1]] });
    expect(under.success).toBe(false);
    expect(under.error!.issues).toEqual([
      expect.objectContaining({ path: ['rewards'], message: expect.stringMatching(/99\.99%.*0\.01% missing/) }),
    ]);
    const over = lootboxCreateSchema.safeParse({ ...box, rewards: [reward(7001), box.rewards[1]] });
    expect(over.error!.issues[0]!.message).toMatch(/100\.01%.*0\.01% over/);
    expect(lootboxCreateSchema.safeParse(box).success).toBe(true);
  });

  test('the points API refuses a total other than 10000 basis points with a 400 on rewards, and writes nothing', async () => {
    for (const rewards of [[reward(5000)], [reward(5000), reward(5001)]]) {
      const response = await t.call('POST', '/lootboxes', { ...box, rewards });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors.rewards).toEqual([expect.stringContaining('must add up to exactly 100.00%')]);
    }
    // Not exact: a fraction of a basis point is refused on the row.
    const fraction = await t.call('POST', '/lootboxes', { ...box, rewards: [reward(9999.5), reward(0.5)] });
    expect(fraction.json().error.fieldErrors).toHaveProperty(['rewards.0.probability']);
    expect((await t.call('GET', '/lootboxes')).json().total).toBe(0);
  });

  test('create at exactly 100%, edit with a version check, action log, delete', async () => {
    const created = await t.call('POST', '/lootboxes', { ...box, rewards: [{ ...reward(7000), itemId: 99 }, box.rewards[1]] });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    // A points reward names no item, whatever was sent.
    expect(saved).toMatchObject({ name: 'Bronze box', price: 500, version: 1, rewards: [reward(7000), box.rewards[1]] });
    const [log] = await logsOf(t, 'pointsLootbox');
    expect(log).toMatchObject({ action: 'pointsLootbox.create', target_id: String(saved.id) });

    const unbalanced = await t.call('PUT', `/lootboxes/${saved.id}`, { ...box, rewards: [reward(10_000), reward(1)], version: 1 });
    expect(unbalanced.statusCode).toBe(400);
    const updated = await t.call('PUT', `/lootboxes/${saved.id}`, {
      ...box,
      price: 750,
      rewards: [reward(2500), reward(7500, 5)],
      version: 1,
    });
    expect(updated.json()).toMatchObject({ price: 750, version: 2 });
    expect((await t.call('PUT', `/lootboxes/${saved.id}`, { ...box, version: 1 })).statusCode).toBe(409);
    expect((await t.call('DELETE', `/lootboxes/${saved.id}?version=2`)).statusCode).toBe(200);
    expect((await logsOf(t, 'pointsLootbox')).map((l) => l.action)).toEqual([
      'pointsLootbox.delete',
      'pointsLootbox.update',
      'pointsLootbox.create',
    ]);
  });

  test('an item reward names a catalogue item (the BFF’s items), else a 400 on that row', async () => {
    const missingId = await t.call('POST', '/lootboxes', {
      ...box,
      rewards: [reward(5000), { ...box.rewards[1], itemId: null, probability: 5000 }],
    });
    expect(missingId.json().error.fieldErrors).toHaveProperty(['rewards.1.itemId']);
    const unknown = await t.call('POST', '/lootboxes', {
      ...box,
      rewards: [reward(5000), { ...box.rewards[1], itemId: 987654, probability: 5000 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fieldErrors['rewards.1.itemId']).toEqual(['This item is not in the catalogue']);
  });
});

describe('spin wheel', () => {
  const segment = (weight: number, amount = 10) => ({ kind: 'points', itemId: null, amount, weight });

  test('weights must be whole numbers above 0; each segment’s chance is shown in percent adding up to 100', async () => {
    const current = (await t.call('GET', spinWheelDocument.path)).json();
    expect(current.segments.map((s: { chance: number }) => s.chance)).toEqual([75, 25]);
    for (const weight of [0, -1, 1.5]) {
      const response = await t.call('PUT', spinWheelDocument.path, {
        segments: [segment(1), segment(weight)],
        freeSpinsPerDay: 1,
        version: current.version,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors).toHaveProperty(['segments.1.weight']);
    }
    const oneSegment = await t.call('PUT', spinWheelDocument.path, {
      segments: [segment(1)],
      freeSpinsPerDay: 1,
      version: current.version,
    });
    expect(oneSegment.json().error.fieldErrors).toHaveProperty('segments');

    const saved = await t.call('PUT', spinWheelDocument.path, {
      segments: [segment(1), segment(1), { kind: 'item', itemId: 1, amount: 2, weight: 1 }],
      freeSpinsPerDay: 3,
      version: current.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ freeSpinsPerDay: 3, version: current.version + 1 });
    expect(saved.json().segments.map((s: { chance: number }) => s.chance)).toEqual([33.34, 33.33, 33.33]);
    expect((await logsOf(t, 'pointsSpin'))[0]).toMatchObject({ action: 'pointsSpin.update', target_id: '1' });
  });

  test('an unknown item is a 400 on its segment; a stale version 409; history and restore', async () => {
    const current = (await t.call('GET', spinWheelDocument.path)).json();
    const unknown = await t.call('PUT', spinWheelDocument.path, {
      segments: [segment(1), { kind: 'item', itemId: 987654, amount: 1, weight: 1 }],
      freeSpinsPerDay: 1,
      version: current.version,
    });
    expect(unknown.json().error.fieldErrors).toHaveProperty(['segments.1.itemId']);
    const body = { segments: [segment(9), segment(1)], freeSpinsPerDay: 0, version: current.version };
    expect((await t.call('PUT', spinWheelDocument.path, body)).statusCode).toBe(200);
    expect((await t.call('PUT', spinWheelDocument.path, body)).statusCode).toBe(409);
    const restored = await t.call('POST', `${spinWheelDocument.path}/history/1/restore`, { version: current.version + 1 });
    expect(restored.json().segments.map((s: { chance: number }) => s.chance)).toEqual([75, 25]);
  });
});
