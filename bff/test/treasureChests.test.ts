import { signedInTestApp } from './support/testApp';
import { treasureChestsResource, dropChances, type TreasureChest } from '@phoenix/contract';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';

const app = signedInTestApp();
const { api, contract } = app;

itKeepsTheResourceContract(contract, treasureChestsResource);

const body = (drops: unknown[], overrides: Record<string, unknown> = {}) => ({
  name: 'Ember chest',
  rarity: 'rare',
  openCost: 50,
  costCurrency: 'gem',
  drops,
  ...overrides,
});

describe('odds', () => {
  test('dropChances: shares of the weights, two decimals, adding up to exactly 100', () => {
    expect(dropChances([1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
    expect(dropChances([70, 25, 5])).toEqual([70, 25, 5]);
    expect(dropChances([1, 0, 3])).toEqual([25, 0, 75]);
    expect(dropChances([0, 0])).toEqual([0, 0]);
    const odd = dropChances([7, 13, 29, 31, 997]);
    expect(Math.round(odd.reduce((a, b) => a + b, 0) * 100)).toBe(10_000);
  });

  test('the saved chest answers each drop with the chance a player is shown', async () => {
    const response = await api(
      'POST',
      '/treasure-chests',
      body([
        { itemId: 1, quantity: 100, weight: 1 },
        { itemId: 2, quantity: 5, weight: 1 },
        { itemId: 10, quantity: 1, weight: 1 },
      ]),
    );
    expect(response.statusCode).toBe(201);
    const chest: TreasureChest = response.json();
    expect(chest.drops.map((d) => d.chance)).toEqual([33.34, 33.33, 33.33]);
    expect((await api('GET', `/treasure-chests/${chest.id}`)).json().drops).toEqual(chest.drops);
  });
});

describe('drop table rules', () => {
  const fieldErrors = async (drops: unknown[]) => {
    const response = await api('POST', '/treasure-chests', body(drops));
    expect(response.statusCode).toBe(400);
    return response.json().error.fieldErrors as Record<string, string[]>;
  };
  test('at least one drop; weights above 0; no item twice; catalogue items only', async () => {
    expect((await fieldErrors([])).drops).toEqual(['Add at least one drop']);
    expect((await fieldErrors([{ itemId: 1, quantity: 1, weight: 0 }]))['drops.0.weight']).toEqual(['The weight is more than 0']);
    expect((await fieldErrors([{ itemId: 1, quantity: 1, weight: -3 }]))['drops.0.weight']).toEqual(['The weight is more than 0']);
    expect(
      (
        await fieldErrors([
          { itemId: 1, quantity: 1, weight: 1 },
          { itemId: 1, quantity: 2, weight: 1 },
        ])
      )['drops.1.itemId'],
    ).toEqual(['This item is already listed']);
    expect((await fieldErrors([{ itemId: 99999, quantity: 1, weight: 1 }]))['drops.0.itemId']).toEqual([
      'This item is not in the catalogue',
    ]);
  });

  test('sorts by rarity in its own order and filters by rarity', async () => {
    await api('POST', '/treasure-chests', body([{ itemId: 1, quantity: 1, weight: 1 }], { name: 'Z legendary', rarity: 'legendary' }));
    await api('POST', '/treasure-chests', body([{ itemId: 1, quantity: 1, weight: 1 }], { name: 'A common', rarity: 'common' }));
    const sorted = (await api('GET', '/treasure-chests?sort=rarity')).json().items as TreasureChest[];
    expect(sorted.map((c) => c.rarity)).toEqual(['common', 'rare', 'legendary']);
    const legendary = (await api('GET', '/treasure-chests?rarity=legendary')).json().items as TreasureChest[];
    expect(legendary.map((c) => c.name)).toEqual(['Z legendary']);
  });
});
