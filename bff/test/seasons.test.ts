import { signedInTestApp } from './support/testApp';
import { seasonsResource, type Season } from '@phoenix/contract';
import { itKeepsTheResourceContract } from '@phoenix/server/testing';

const app = signedInTestApp();
const { api, contract } = app;

itKeepsTheResourceContract(contract, seasonsResource);

const tier = (level: number, xpRequired: number) => ({
  level,
  xpRequired,
  freeReward: { itemId: 1, quantity: 100 * level },
  premiumReward: { itemId: 2, quantity: level },
});
const tiers = [tier(1, 0), tier(2, 1000), tier(3, 2500)];
// The test clock stands at 2030-01-15T09:00Z.
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Season',
  startsAt: '2030-03-01T00:00:00Z',
  endsAt: '2030-04-01T00:00:00Z',
  premiumPrice: 980,
  tiers,
  ...overrides,
});
async function create(overrides: Record<string, unknown>): Promise<Season> {
  const response = await api('POST', '/seasons', body(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

test('a season with three tiers; XP and levels strictly increasing', async () => {
  const season = await create({ name: 'Spring' });
  expect(season).toMatchObject({ name: 'Spring', status: 'upcoming', tiers });
  const flat = await api(
    'POST',
    '/seasons',
    body({ startsAt: '2031-01-01T00:00:00Z', endsAt: '2031-02-01T00:00:00Z', tiers: [tier(1, 0), tier(2, 0)] }),
  );
  expect(flat.json().error.fieldErrors['tiers.1.xpRequired']).toEqual(['XP required goes up strictly from one tier to the next']);
  const levels = await api(
    'POST',
    '/seasons',
    body({ startsAt: '2031-01-01T00:00:00Z', endsAt: '2031-02-01T00:00:00Z', tiers: [tier(2, 0), tier(1, 10)] }),
  );
  expect(levels.json().error.fieldErrors['tiers.1.level']).toEqual(['Levels go up from one tier to the next']);
  const unknown = await api(
    'POST',
    '/seasons',
    body({
      startsAt: '2031-01-01T00:00:00Z',
      endsAt: '2031-02-01T00:00:00Z',
      tiers: [{ ...tier(1, 0), premiumReward: { itemId: 99999, quantity: 1 } }],
    }),
  );
  expect(unknown.json().error.fieldErrors['tiers.0.premiumReward.itemId']).toEqual(['This item is not in the catalogue']);
});

test('periods never overlap, on create and on update; touching ends are fine', async () => {
  const summer = await create({ name: 'Summer', startsAt: '2030-06-01T00:00:00Z', endsAt: '2030-07-01T00:00:00Z' });
  const overlap = await api('POST', '/seasons', body({ name: 'Clash', startsAt: '2030-06-15T00:00:00Z', endsAt: '2030-07-15T00:00:00Z' }));
  expect(overlap.statusCode).toBe(400);
  expect(overlap.json().error.fieldErrors.startsAt[0]).toMatch(/^Overlaps the season "Summer"/);
  await create({ name: 'July', startsAt: '2030-07-01T00:00:00Z', endsAt: '2030-08-01T00:00:00Z' });
  const moved = await api('PUT', `/seasons/${summer.id}`, {
    ...body({ name: 'Summer', startsAt: '2030-06-01T00:00:00Z', endsAt: '2030-07-02T00:00:00Z' }),
    version: summer.version,
  });
  expect(moved.statusCode).toBe(400);
  const itself = await api('PUT', `/seasons/${summer.id}`, {
    ...body({ name: 'Summer!', startsAt: '2030-06-01T00:00:00Z', endsAt: '2030-07-01T00:00:00Z' }),
    version: summer.version,
  });
  expect(itself.statusCode).toBe(200);
});

test('once started: no tier removed, no XP changed, no new start (409 with the reason); rewards and more tiers still change', async () => {
  const winter = await create({ name: 'Winter', startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-02-01T00:00:00Z' });
  expect(winter.status).toBe('active');
  const put = (overrides: Record<string, unknown>) =>
    api('PUT', `/seasons/${winter.id}`, {
      ...body({ name: 'Winter', startsAt: winter.startsAt, endsAt: winter.endsAt, ...overrides }),
      version: winter.version,
    });
  const removed = await put({ tiers: tiers.slice(0, 2) });
  expect(removed.statusCode).toBe(409);
  expect(removed.json().error.message).toBe('This season has started: tier 3 can no longer be removed');
  const xp = await put({ tiers: [tier(1, 0), tier(2, 1500), tier(3, 2500)] });
  expect(xp.json().error.message).toBe('This season has started: the XP required for tier 2 can no longer change');
  expect((await put({ startsAt: '2029-12-31T00:00:00Z' })).json().error.message).toBe(
    'This season has started: its start can no longer change',
  );
  const richer = await put({ tiers: [...tiers.map((x) => ({ ...x, freeReward: { itemId: 4, quantity: 1 } })), tier(4, 4000)] });
  expect(richer.statusCode).toBe(200);
  expect(richer.json().tiers).toHaveLength(4);
  expect((await api('DELETE', `/seasons/${winter.id}?version=2`)).json().error.message).toBe(
    'This season has started: it can no longer be deleted',
  );
});

test('once ended: read-only', async () => {
  const autumn = await create({ name: 'Autumn', startsAt: '2029-10-01T00:00:00Z', endsAt: '2029-11-01T00:00:00Z' });
  expect(autumn.status).toBe('ended');
  const rename = await api('PUT', `/seasons/${autumn.id}`, {
    ...body({ name: 'Renamed', startsAt: autumn.startsAt, endsAt: autumn.endsAt }),
    version: autumn.version,
  });
  expect(rename.statusCode).toBe(409);
  expect(rename.json().error.message).toBe('This season has ended: it is read-only');
  expect((await api('DELETE', `/seasons/${autumn.id}?version=1`)).statusCode).toBe(409);
});
